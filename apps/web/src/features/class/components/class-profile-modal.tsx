import { Button, Modal } from 'antd';
import { useNavigate } from 'react-router';
import { modalWidth } from '../../../lib/layout-constants.ts';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import { ClassProfileDetails } from './class-profile-details.tsx';
import type { ClassModalProps } from './class-modal-props.ts';

/** Profil Kelas as a modal, with a link to the profile page. */
export function ClassProfileModal({ detail, open, onClose }: ClassModalProps) {
  const isPhone = useIsPhone();
  const navigate = useNavigate();
  return (
    <Modal
      open={open}
      title="Profil Kelas"
      width={modalWidth('default', isPhone)}
      centered
      onCancel={onClose}
      footer={
        <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8, flexWrap: 'wrap' }}>
          <Button onClick={() => void navigate(`/kelas/${encodeURIComponent(detail.id)}/profil`)}>
            Buka Halaman Profil
          </Button>
          <Button type="primary" onClick={onClose}>
            Tutup
          </Button>
        </div>
      }
      destroyOnHidden
    >
      <ClassProfileDetails detail={detail} />
    </Modal>
  );
}
