import { QueryClientProvider, queryOptions, useQuery } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configurationQuery } from '../queries/get-configuration.ts';
import { useCurrentUser } from '../queries/get-current-user.ts';
import { queryClient } from '../query-client.ts';
import { switchUserData } from './switch-user-data.ts';

// Only the HTTP layer is stood in for: it answers as whoever the session is now.
const api = vi.hoisted(() => ({ get: vi.fn() }));
vi.mock('../api-client.ts', () => ({ apiClient: api }));

const people = {
  operator: { user: { nama: 'Operator Kampus', role: 'operator' }, tasks: 2 },
  student: { user: { nama: 'Rizky Aditya Pratama', role: 'mahasiswa' }, tasks: 13 },
};
let session: keyof typeof people = 'operator';
/** Statistics answers held back, to answer them after the switch. */
let heldStatistics: Array<(tasks: number) => void> | null = null;

beforeEach(() => {
  session = 'operator';
  heldStatistics = null;
  queryClient.clear();
  api.get.mockReset().mockImplementation(async (url: string) => {
    const person = people[session];
    if (url === '/v2/user_info') return { data: { data: person.user } };
    if (url === '/v2/lms/statistik_beranda') {
      const held = heldStatistics;
      if (held) return new Promise((resolve) => held.push((tasks) => resolve({ data: { data: { tasks } } })));
      return { data: { data: { tasks: person.tasks } } };
    }
    throw new Error(`unexpected GET ${url}`);
  });
});

afterEach(cleanup);

/** A user's query as a page would have it (shared code does not import the dashboard's own). */
function statisticsQuery(name = 'statistics') {
  return queryOptions({
    queryKey: ['dashboard', name],
    queryFn: async () =>
      ((await api.get('/v2/lms/statistik_beranda')) as { data: { data: { tasks: number } } }).data.data,
  });
}

/** A dashboard in small: the user's name and the Tugas tile's count. */
function Dashboard() {
  const user = useCurrentUser();
  const tasks = useQuery(statisticsQuery()).data?.tasks;
  return (
    <p>
      {user.nama}: {tasks ?? 'memuat'}
    </p>
  );
}

/** Switches, then lets the cache's notifications (sent on a zero timer) reach the page. */
async function switchTo(person: keyof typeof people) {
  session = person;
  await act(async () => {
    await switchUserData();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

async function showDashboard() {
  await queryClient.fetchQuery({ queryKey: ['current-user'], queryFn: () => people.operator.user });
  render(
    <QueryClientProvider client={queryClient}>
      <Dashboard />
    </QueryClientProvider>,
  );
}

describe('switching identity', () => {
  it("replaces what a mounted page shows with the new identity's answers, not the old ones", async () => {
    await showDashboard();
    expect(await screen.findByText('Operator Kampus: 2')).toBeTruthy();

    await switchTo('student');
    // Right after the switch: the student, and none of the operator's numbers (they stayed until a reload).
    expect(screen.queryByText(/Operator Kampus|: 2$/)).toBeNull();
    expect(await screen.findByText('Rizky Aditya Pratama: 13')).toBeTruthy();

    await switchTo('operator');
    expect(screen.queryByText(/Rizky|: 13$/)).toBeNull();
    expect(await screen.findByText('Operator Kampus: 2')).toBeTruthy();
  });

  it('drops an answer of the old identity that arrives after the switch', async () => {
    heldStatistics = [];
    await showDashboard();
    expect(await screen.findByText('Operator Kampus: memuat')).toBeTruthy();
    // Asked as the operator (the page's own query and one no page shows), answered only after the switch.
    // Its promise is rejected (cancelled) by the switch: caught at once.
    const unshown = queryClient.fetchQuery(statisticsQuery('unshown')).catch(() => undefined);
    expect(heldStatistics).toHaveLength(2);

    await switchTo('student');
    const [oldShown, oldUnshown, newShown] = heldStatistics;
    await act(async () => {
      oldShown!(people.operator.tasks);
      oldUnshown!(people.operator.tasks);
      await unshown;
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(queryClient.getQueryData(statisticsQuery('unshown').queryKey)).toBeUndefined();
    expect(screen.getByText('Rizky Aditya Pratama: memuat')).toBeTruthy();
    await act(async () => newShown!(people.student.tasks));
    expect(await screen.findByText('Rizky Aditya Pratama: 13')).toBeTruthy();
  });

  it("keeps the college's answers, which belong to no user", async () => {
    const college = { time_zone: 'Asia/Jakarta' };
    queryClient.setQueryData(configurationQuery.queryKey, college as never);
    queryClient.setQueryData(statisticsQuery().queryKey, { tasks: 2 });
    session = 'student';
    await switchUserData();
    expect(queryClient.getQueryData(configurationQuery.queryKey)).toBe(college);
    expect(queryClient.getQueryData(statisticsQuery().queryKey)).toBeUndefined();
  });
});
