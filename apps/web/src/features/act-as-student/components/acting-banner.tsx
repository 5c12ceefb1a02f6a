import { UserSwitchOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';
import type { UserInfo } from '@lms/contract/auth.schema';
import { useReturnToOperator } from '../api/return-to-operator.ts';

/** Shown on every page while an operator acts for a student, with the way back. */
export function ActingBanner({
  user,
  onReturned,
}: {
  user: UserInfo;
  /** Called with true when the operator's session is back, false when they must sign in again. */
  onReturned: (restored: boolean) => void;
}) {
  const back = useReturnToOperator();
  return (
    <Alert
      type="warning"
      banner
      icon={<UserSwitchOutlined />}
      role="status"
      style={{ paddingBlock: 10 }}
      title={
        <span>
          Anda sedang masuk sebagai <strong>{user.nama}</strong> ({user.username}) —{' '}
          <Button
            type="link"
            size="small"
            style={{ padding: 0, height: 'auto', fontWeight: 600 }}
            loading={back.isPending}
            onClick={() => back.mutate(undefined, { onSuccess: onReturned })}
          >
            Kembali ke akun operator
          </Button>
        </span>
      }
    />
  );
}
