import { activityContextLines } from '@lms/contract/activity-log.rules';
import { activityKindLabel, type ActivityLogEntry } from '@lms/contract/activity-log.schema';
import { collegeTimeZoneLabels, type CollegeTimeZone } from '@lms/contract/college-settings.rules';
import { roleLabels, type Role } from '@lms/contract/role.rules';
import { neutralizeSpreadsheetCell } from '@lms/contract/spreadsheet.rules';
import type { ActivityLogRow } from './activity-log.repository.ts';

/** One entry as the API answers it. */
export function presentActivityLogEntry(row: ActivityLogRow): ActivityLogEntry {
  return {
    id: row.id,
    jenis: row.jenis,
    jenis_label: activityKindLabel(row.jenis),
    detail: row.detail,
    waktu: row.waktu.toISOString(),
    ip_address: row.ipAddress,
    role: row.role,
    pengguna: row.user,
    operator: row.operator?.id
      ? { id: row.operator.id, username: row.operator.username, nama: row.operator.nama }
      : null,
    context: row.context ?? {},
  };
}

/**
 * 'DD MMM YYYY HH:mm[:ss] WIB' in the college's zone (spec 1 §9 date format, Indonesian months): the
 * export's times with seconds, a change's old and new times without.
 */
export function formatLocalTime(at: Date, timeZone: string, withSeconds: boolean): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('id-ID', {
      timeZone,
      day: '2-digit',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      ...(withSeconds ? { second: '2-digit' as const } : {}),
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const zone = collegeTimeZoneLabels[timeZone as CollegeTimeZone] ?? timeZone;
  const time = withSeconds
    ? `${parts.hour}:${parts.minute}:${parts.second}`
    : `${parts.hour}:${parts.minute}`;
  return `${parts.day} ${parts.month} ${parts.year} ${time} ${zone}`;
}

/** An export row's time, with seconds. */
export function formatExportTime(at: Date, timeZone: string): string {
  return formatLocalTime(at, timeZone, true);
}

/** Column headers of the Excel export. */
export const exportColumns = [
  { header: 'No', key: 'no', width: 7 },
  { header: 'Waktu', key: 'waktu', width: 26 },
  { header: 'Username', key: 'username', width: 20 },
  { header: 'Nama', key: 'nama', width: 30 },
  { header: 'Peran', key: 'peran', width: 12 },
  { header: 'Jenis Aktivitas', key: 'jenis', width: 24 },
  { header: 'Detail', key: 'detail', width: 60 },
  /** What an operator's write changed, one 'Label: lama → baru' a line; a recalculation's scope. */
  {
    header: 'Perubahan',
    key: 'perubahan',
    width: 60,
    style: { alignment: { wrapText: true, vertical: 'top' as const } },
  },
  { header: 'Alamat IP', key: 'ip', width: 18 },
  { header: 'Operator', key: 'operator', width: 30 },
];

/** One spreadsheet row; every text cell neutralised against formula injection. */
export function presentExportRow(
  row: ActivityLogRow,
  no: number,
  timeZone: string,
): Record<string, string | number> {
  const text = (value: string | null | undefined) => neutralizeSpreadsheetCell(value ?? '');
  return {
    no,
    waktu: formatExportTime(row.waktu, timeZone),
    username: text(row.user.username),
    nama: text(row.user.nama),
    peran: roleLabels[row.role as Role] ?? text(row.role),
    jenis: text(activityKindLabel(row.jenis)),
    detail: text(row.detail),
    perubahan: text(activityContextLines(row.context as Record<string, unknown> | null).join('\n')),
    ip: text(row.ipAddress),
    operator: row.operator?.id ? text(`${row.operator.nama} (${row.operator.username})`) : '',
  };
}
