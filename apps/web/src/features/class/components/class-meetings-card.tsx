import { type ReactNode, Suspense, useCallback, useDeferredValue, useState } from 'react';
import { lazyWithAntd } from '../../../components/lazy-with-antd.tsx';
import { PlainCard } from '../../../components/plain-card.tsx';
import { PlainText } from '../../../components/plain-text.tsx';
import { Link } from 'react-router';
import { labelOf, lectureModeLabels } from '@lms/contract/class.rules';
import { meetingCategoryLabels } from '@lms/contract/meeting.rules';
import { defaultPageSize } from '@lms/contract/pagination.rules';
import { EmptyState } from '../../../components/empty-state.tsx';
import { MeetingStatusTag } from '../../../components/meeting-status-tag.tsx';
import { Pagination } from '../../../components/pagination.tsx';
import { SearchBox } from '../../../components/search-box.tsx';
import { formatDateTimeRange } from '../../../lib/date.ts';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import { useTimeZone } from '../../../lib/use-time-zone.ts';
import { useClassMeetings } from '../../../lib/queries/list-class-meetings.ts';
import { classMeetingHref, operatorMeetingHref } from './class-meeting-href.ts';
import { LoadingLines } from '../../../components/loading-lines.tsx';

// Operators' table (antd Table, ~44 KB gzip) is fetched only for them, with antd's provider: students and
// lecturers get cards.
const ClassMeetingsTable = lazyWithAntd(
  async () => (await import('./class-meetings-table.tsx')).ClassMeetingsTable,
);

/**
 * Data Pertemuan: the class's meetings with their total and a title search ('Cari judul pertemuan', no
 * filter), 10 a page. Students and lecturers get cards leading to /kelas/{id}/{meetingId}; operators
 * (`asTable`) the meeting table of spec 2 §2 leading to /pertemuan/{id}, and on phones, where ten columns
 * do not fit, the same cards leading there. `extra` goes beside the title (the attendance recap's link).
 */
export function ClassMeetingsCard({
  classId,
  asTable = false,
  extra,
}: {
  classId: string;
  asTable?: boolean;
  extra?: ReactNode;
}) {
  const isPhone = useIsPhone();
  const timeZone = useTimeZone();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(defaultPageSize);
  const meetings = useClassMeetings(classId, { page, per_page: pageSize, search: search || undefined });
  // The list renders in a transition: its answer arriving is not a long task on a slow phone (docs/web.md).
  const meetingsData = useDeferredValue(meetings.data);
  const onSearch = useCallback((value: string) => {
    setSearch(value);
    setPage(1);
  }, []);
  const total = meetingsData?.meta.total_items ?? 0;
  const showTable = asTable && !isPhone;
  const hrefOf = (meetingId: string) =>
    asTable ? operatorMeetingHref(meetingId) : classMeetingHref(classId, meetingId);

  return (
    <PlainCard
      bodyStyle={{ padding: isPhone ? 12 : showTable ? 16 : 24 }}
      className="class-meetings-card"
      role="region"
      aria-label="Data Pertemuan"
      extra={extra}
      title={
        <span>
          Data Pertemuan{' '}
          <PlainText type="secondary" style={{ fontWeight: 400 }}>
            ({total} Pertemuan)
          </PlainText>
        </span>
      }
    >
      {/* One search box in one place at every width: moving it between the card's header and body when the
          width crosses the phone breakpoint would remount it and drop what is being typed. */}
      <SearchBox
        value={search}
        onSearch={onSearch}
        placeholder="Cari judul pertemuan"
        style={{ marginBottom: 12, width: isPhone ? '100%' : 320, display: 'flex' }}
      />
      {meetings.error ? (
        <PlainText type="danger">{meetings.error.message}</PlainText>
      ) : !meetingsData ? (
        <LoadingLines />
      ) : meetingsData.data.length === 0 ? (
        <EmptyState description="Tidak ada pertemuan yang ditemukan." />
      ) : showTable ? (
        <Suspense fallback={<LoadingLines />}>
          <ClassMeetingsTable
            items={meetingsData.data}
            page={page}
            pageSize={pageSize}
            loading={meetings.isFetching}
            timeZone={timeZone}
          />
        </Suspense>
      ) : (
        <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }} aria-busy={meetings.isFetching}>
          {meetingsData.data.map((m) => (
            <Link key={m.id} to={hrefOf(m.id)} className="class-meeting" data-testid="meeting-card">
              <span className="class-meeting__number" aria-hidden>
                {m.nomor}
              </span>
              <span className="class-meeting__body">
                <span className="class-meeting__top">
                  <PlainText type="secondary" style={{ fontSize: 12 }}>
                    Pertemuan {m.nomor} · {labelOf(meetingCategoryLabels, m.kategori)} ·{' '}
                    {labelOf(lectureModeLabels, m.jenis)}
                  </PlainText>
                  <MeetingStatusTag status={m.status} />
                </span>
                {/* Cut by CSS with the whole title on hover: antd's measured ellipsis and its tooltip per
                    row cost a phone more than the list itself (issue 17). */}
                <span className="class-meeting__title" title={m.judul}>
                  {m.judul}
                </span>
                <PlainText type="secondary" style={{ fontSize: 13 }}>
                  {formatDateTimeRange(m.waktu_mulai, m.waktu_selesai, timeZone)}
                  {m.ruangan ? ` · ${m.ruangan.nama}` : ''}
                </PlainText>
              </span>
            </Link>
          ))}
        </div>
      )}
      {total > 0 ? (
        <div style={{ marginTop: 16 }}>
          <Pagination
            page={page}
            pageSize={pageSize}
            totalItems={total}
            onChange={(p, size) => {
              setPage(p);
              setPageSize(size);
            }}
          />
        </div>
      ) : null}
    </PlainCard>
  );
}
