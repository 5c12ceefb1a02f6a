import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import type { ContentCardActions } from './meeting-content-list.tsx';
import { PlainButton } from './plain-button.tsx';

/** A content card's Ubah and Hapus, each only where the list offers it (the item's `akses` allows it). */
export function ContentCardEditButtons({ onEdit, onDelete }: ContentCardActions) {
  return (
    <>
      {onEdit ? (
        <PlainButton icon={<EditOutlined />} onClick={onEdit}>
          Ubah
        </PlainButton>
      ) : null}
      {onDelete ? (
        <PlainButton danger icon={<DeleteOutlined />} onClick={onDelete}>
          Hapus
        </PlainButton>
      ) : null}
    </>
  );
}
