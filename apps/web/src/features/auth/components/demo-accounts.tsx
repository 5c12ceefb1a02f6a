import { Tag } from 'antd';
import type { DemoAccount } from '@lms/contract/college.schema';
import { roleLabels } from '@lms/contract/role.rules';

const roleColors: Record<DemoAccount['role'], string> = {
  mahasiswa: 'blue',
  dosen: 'green',
  operator: 'purple',
};

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
              <Tag color={roleColors[account.role]} style={{ marginInlineEnd: 0 }}>
                {roleLabels[account.role]}
              </Tag>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
