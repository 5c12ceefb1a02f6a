import { PlainButton } from '../../../components/plain-button.tsx';
import { PlainCard } from '../../../components/plain-card.tsx';
import { PlainTag, type PlainTagColor } from '../../../components/plain-tag.tsx';
import { PlainText } from '../../../components/plain-text.tsx';
import { IdcardOutlined } from '@ant-design/icons';
import { formatTeacherName } from '@lms/contract/class.rules';
import type { ClassDetail } from '@lms/contract/class.schema';
import { EmptyState } from '../../../components/empty-state.tsx';
import { UserAvatar } from '../../../components/user-avatar.tsx';

const roleColors: Record<string, PlainTagColor> = { koordinator: 'blue', dosen: 'green', asisten: 'purple' };

/** Data Pengajar: the teachers with photo, name, NIDN and role; Ubah Jabatan when allowed. */
export function ClassTeachersCard({ detail, onChangeRole }: { detail: ClassDetail; onChangeRole(): void }) {
  return (
    <PlainCard title="Data Pengajar" size="small" role="region" aria-label="Data Pengajar">
      {detail.pengajar.length === 0 ? (
        <EmptyState description="Tidak ada pengajar yang tersedia pada kelas ini." />
      ) : (
        // A plain list: antd's List item title is an h4, out of the page's heading order.
        <ul className="class-teachers">
          {detail.pengajar.map((t) => (
            <li key={t.id} className="class-teachers__item">
              <UserAvatar src={t.avatar_url} alt="" size={36} />
              <div className="class-teachers__text">
                <div className="class-teachers__name">{formatTeacherName(t)}</div>
                <div className="class-teachers__meta">
                  <PlainText type="secondary" style={{ fontSize: 12 }}>
                    NIDN {t.nidn || '-'}
                  </PlainText>
                  <PlainTag color={roleColors[t.peran] ?? 'default'} data-testid={`jabatan-${t.id_dosen}`}>
                    {t.jabatan}
                  </PlainTag>
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
      {detail.akses.ubah_jabatan && detail.pengajar.length > 0 ? (
        <PlainButton
          block
          variant="primary"
          ghost
          icon={<IdcardOutlined />}
          onClick={onChangeRole}
          style={{ marginTop: 8 }}
        >
          Ubah Jabatan
        </PlainButton>
      ) : null}
    </PlainCard>
  );
}
