import { PlainButton } from '../../../components/plain-button.tsx';
import { PlainCard } from '../../../components/plain-card.tsx';
import { PlainTag } from '../../../components/plain-tag.tsx';
import { PlainText } from '../../../components/plain-text.tsx';
import { CrownOutlined, TeamOutlined } from '@ant-design/icons';
import type { ClassDetail } from '@lms/contract/class.schema';
import { EmptyState, noParticipantsSentence } from '../../../components/empty-state.tsx';
import { UserAvatar } from '../../../components/user-avatar.tsx';

/** Stacked avatars show three and a '+N' counter (spec 1 §9). */
export const stackedAvatarCount = 3;

/** The first three students' photos overlapping, and '+N' for the rest (Anggota Kelas lists everyone). */
function AvatarStack({ people }: { people: { id: string; nama: string; avatar_url: string | null }[] }) {
  const rest = people.length - stackedAvatarCount;
  return (
    <div className="avatar-stack">
      {people.slice(0, stackedAvatarCount).map((p) => (
        <UserAvatar key={p.id} src={p.avatar_url} alt={p.nama} size={36} />
      ))}
      {rest > 0 ? (
        <span className="avatar-stack-more" aria-label={`dan ${rest} mahasiswa lainnya`}>
          +{rest}
        </span>
      ) : null}
    </div>
  );
}

/**
 * Data Peserta: the number of students, the class head, three stacked avatars with '+N', Anggota Kelas,
 * and Ubah Ketua Kelas when allowed; 'Ups! Data Kosong' for an empty class.
 */
export function ClassParticipantsCard({
  detail,
  onOpenMembers,
  onChangeHead,
}: {
  detail: ClassDetail;
  onOpenMembers(): void;
  onChangeHead(): void;
}) {
  const head = detail.peserta.find((p) => p.nim === detail.ketua_kelas_nim);
  const changeHead = detail.akses.ubah_ketua_kelas ? (
    <PlainButton block variant="primary" ghost icon={<CrownOutlined />} onClick={onChangeHead}>
      Ubah Ketua Kelas
    </PlainButton>
  ) : null;
  return (
    <PlainCard title="Data Peserta" size="small" role="region" aria-label="Data Peserta">
      {detail.peserta.length === 0 ? (
        <>
          <EmptyState description={noParticipantsSentence} />
          {changeHead}
        </>
      ) : (
        <div className="class-card-actions" style={{ gap: 12 }}>
          <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 12 }}>
            <AvatarStack people={detail.peserta} />
            <PlainText strong>{detail.peserta.length} Mahasiswa</PlainText>
          </div>
          <div>
            <PlainText type="secondary">Ketua Kelas</PlainText>
            <div
              style={{ display: 'flex', alignItems: 'center', gap: 8, marginTop: 4 }}
              data-testid="ketua-kelas"
            >
              {head ? (
                <>
                  <UserAvatar src={head.avatar_url} alt="" size={28} />
                  <span style={{ minWidth: 0 }}>
                    {head.nama} <PlainText type="secondary">({head.nim})</PlainText>
                  </span>
                  <PlainTag color="gold" style={{ marginInlineStart: 'auto' }}>
                    Ketua
                  </PlainTag>
                </>
              ) : (
                <PlainText type="secondary">Belum ada ketua kelas</PlainText>
              )}
            </div>
          </div>
          <PlainButton block icon={<TeamOutlined />} onClick={onOpenMembers}>
            Anggota Kelas
          </PlainButton>
          {changeHead}
        </div>
      )}
    </PlainCard>
  );
}
