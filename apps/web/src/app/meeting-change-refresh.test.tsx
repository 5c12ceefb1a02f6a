import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useClassMeetings } from '../lib/queries/list-class-meetings.ts';
import { useClasses } from '../features/class/api/list-classes.ts';
import { highlightClassesQuery } from '../features/dashboard/api/list-highlight-classes.ts';
import { useChangeMeetingStatus } from '../features/meeting/api/change-meeting-status.ts';
import { useMeeting } from '../features/meeting/api/get-meeting.ts';
import { useUpdateMeeting } from '../features/meeting/api/update-meeting.ts';
import { useTimetable } from '../features/schedule/api/get-timetable.ts';

// Only the HTTP layer is stood in for; the queries, their keys and the mutations are the real ones.
const api = vi.hoisted(() => ({ get: vi.fn(), put: vi.fn() }));
vi.mock('../lib/api-client.ts', () => ({ apiClient: api }));

const meetingId = 'meeting-1';
const classId = '20261_01_IF2102';
const emptyPage = { data: [], meta: { page: 1, per_page: 5, total_items: 0, total_pages: 0 } };

/** How many GETs each address had. */
function getsOf(url: string): number {
  return api.get.mock.calls.filter(([called]) => called === url).length;
}

beforeEach(() => {
  api.get.mockReset().mockImplementation(async (url: string) => {
    if (url === `/v2/lms/pertemuan/${meetingId}`)
      return { data: { data: { id: meetingId, status: 'belum' } } };
    return { data: emptyPage };
  });
  api.put.mockReset().mockImplementation(async (url: string) => ({
    status: 200,
    data: { data: { id: meetingId, status: url.endsWith('/end') ? 'selesai' : 'berlangsung' } },
  }));
});

/**
 * The screens a lecturer goes back to after changing a meeting, all mounted on one cache with the app's
 * 30 s staleTime: the meeting page, the class page's Data Pertemuan, the class list, the dashboard's
 * classes and the timetable.
 */
function renderScreens() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(
    () => {
      const meeting = useMeeting(meetingId);
      const classMeetings = useClassMeetings(classId, { page: 1, per_page: 10 });
      const classes = useClasses({ page: 1, per_page: 5, periode: 20261 });
      const highlights = useQuery(highlightClassesQuery(20261));
      const timetable = useTimetable({ waktu_mulai: '2026-09-06', waktu_selesai: '2026-09-13' });
      return {
        loaded: [meeting, classMeetings, classes, highlights, timetable].every((q) => q.isSuccess),
        meeting: meeting.data,
        changeStatus: useChangeMeetingStatus(meetingId),
        update: useUpdateMeeting(meetingId),
      };
    },
    { wrapper },
  );
  return result;
}

describe('after a meeting changes', () => {
  it.each([
    [
      'start',
      (screens: ReturnType<typeof renderScreens>) => screens.current.changeStatus.mutateAsync('start'),
    ],
    ['end', (screens: ReturnType<typeof renderScreens>) => screens.current.changeStatus.mutateAsync('end')],
    [
      'edit',
      (screens: ReturnType<typeof renderScreens>) => screens.current.update.mutateAsync({ judul: 'Baru' }),
    ],
  ])('%s refetches the class meeting list, the class lists and the timetable at once', async (_, change) => {
    const screens = renderScreens();
    await waitFor(() => expect(screens.current.loaded).toBe(true));
    const before = {
      classMeetings: getsOf(`/v2/lms/kelas_kuliah/${encodeURIComponent(classId)}/pertemuan`),
      classes: getsOf('/v2/lms/kelas_kuliah'),
      timetable: getsOf('/v2/lms/jadwal'),
      meeting: getsOf(`/v2/lms/pertemuan/${meetingId}`),
    };
    // The class list and the dashboard's classes ask the same address.
    expect(before.classes).toBe(2);

    await act(() => change(screens));

    await waitFor(() => {
      expect(getsOf(`/v2/lms/kelas_kuliah/${encodeURIComponent(classId)}/pertemuan`)).toBe(
        before.classMeetings + 1,
      );
      expect(getsOf('/v2/lms/kelas_kuliah')).toBe(before.classes + 2);
      expect(getsOf('/v2/lms/jadwal')).toBe(before.timetable + 1);
    });
    // The meeting itself takes the answer instead of asking again.
    expect(getsOf(`/v2/lms/pertemuan/${meetingId}`)).toBe(before.meeting);
    expect(screens.current.meeting).toMatchObject({
      id: meetingId,
      status: expect.not.stringMatching('belum'),
    });
  });
});
