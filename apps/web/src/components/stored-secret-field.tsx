import { Checkbox, Form, Input } from 'antd';

/**
 * A write-only secret of a settings form (a client secret, an SMTP password): never shown, typed only to
 * replace the stored one, and, when one is stored, a check box `removeName` to remove it.
 */
export function StoredSecretField({
  name,
  removeName,
  label,
  secret,
  stored,
}: {
  name: string;
  removeName: string;
  label: string;
  /** What the secret is called in a sentence, capitalised: "Client secret", "Password". */
  secret: string;
  stored: boolean;
}) {
  const lower = secret.toLowerCase();
  return (
    <>
      <Form.Item
        name={name}
        label={label}
        extra={
          stored
            ? `${secret} tersimpan dan tidak ditampilkan. Isi hanya untuk menggantinya.`
            : `Belum ada ${lower} tersimpan.`
        }
      >
        <Input.Password autoComplete="new-password" maxLength={500} />
      </Form.Item>
      {stored ? (
        <Form.Item name={removeName} valuePropName="checked">
          <Checkbox>Hapus {lower} tersimpan</Checkbox>
        </Form.Item>
      ) : null}
    </>
  );
}
