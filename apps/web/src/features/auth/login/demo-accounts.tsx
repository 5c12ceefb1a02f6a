import type { DemoAccount } from '@lms/contract/college.schema';
import { roleLabels } from '@lms/contract/role.rules';

/** The demo university's accounts; a click fills the sign-in form. */
export function DemoAccounts({
  accounts,
  password,
  onPick,
}: {
  accounts: DemoAccount[];
  password: string;
  onPick: (account: DemoAccount) => void;
}) {
  return (
    <section className="demo-accounts" aria-labelledby="demo-accounts-title">
      <h2 id="demo-accounts-title" className="demo-accounts-title">
        Akun demo
      </h2>
      <p className="demo-accounts-hint">
        Pilih salah satu akun untuk mengisi formulir. Semua akun memakai password <code>{password}</code>.
      </p>
      <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {accounts.map((account) => (
          <li key={account.username}>
            <button
              type="button"
              className="demo-account"
              onClick={() => onPick(account)}
              aria-label={`Gunakan akun demo ${account.username}`}
            >
              <span style={{ minWidth: 0 }}>
                <strong style={{ display: 'block' }}>{account.username}</strong>
                <span style={{ color: 'rgba(0,0,0,0.6)', fontSize: 13 }}>{account.label}</span>
              </span>
              {/* A plain badge rather than antd's Tag: the sign-in page is the first download of every phone. */}
              <span className={`demo-account-role demo-account-role-${account.role}`}>
                {roleLabels[account.role]}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
