import { useState } from 'react';
import { Select, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { listClassMeetingsQuery } from '../../../lib/queries/list-class-meetings.ts';
import { classMeetingHref } from './class-meeting-href.ts';

// One answer holds every meeting of a class (a semester has about 16; the endpoint allows 100).
const pickerParams = { page: 1, per_page: 100 };

/**
 * 'Pilih Pertemuan' on a phone class card (spec 2 §2): the class's meetings by number and title, the
 * first (Pendahuluan) chosen by default; picking one opens /kelas/{id}/{meetingId}. The list loads on
 * the first opening only, so a page of cards costs no request per card.
 */
export function ClassMeetingPicker({ classId }: { classId: string }) {
  const navigate = useNavigate();
  const [wanted, setWanted] = useState(false);
  const meetings = useQuery({ ...listClassMeetingsQuery(classId, pickerParams), enabled: wanted });
  const items = meetings.data?.data ?? [];

  return (
    <Select
      aria-label="Pilih Pertemuan"
      placeholder="Pilih Pertemuan"
      style={{ width: '100%' }}
      value={items[0]?.id}
      loading={meetings.isFetching}
      options={items.map((m) => ({ value: m.id, label: `Pertemuan ${m.nomor} · ${m.judul}` }))}
      notFoundContent={
        meetings.isFetching || !wanted ? (
          <Spin size="small" style={{ display: 'block', padding: 8 }} />
        ) : meetings.error ? (
          meetings.error.message
        ) : (
          'Belum ada pertemuan'
        )
      }
      onOpenChange={(open) => {
        if (open) setWanted(true);
      }}
      // onSelect, not onChange: choosing the default again must open it too.
      onSelect={(meetingId: string) => void navigate(classMeetingHref(classId, meetingId))}
    />
  );
}
