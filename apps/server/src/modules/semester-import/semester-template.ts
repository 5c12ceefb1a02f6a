import { semesterSheets } from './semester-sheets.ts';

/**
 * The "Muat Semester" template: one sheet per entity with its headers (text columns formatted as text),
 * and a "Petunjuk" sheet explaining each. Built on request; ExcelJS is loaded when used.
 */
export async function buildSemesterTemplate(): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  for (const sheet of semesterSheets) {
    const ws = book.addWorksheet(sheet.name);
    ws.columns = sheet.columns.map((c) => ({
      header: c.header,
      width: c.width,
      ...(c.text ? { style: { numFmt: '@' } } : {}),
    }));
    ws.getRow(1).font = { bold: true };
  }
  const help = book.addWorksheet('Petunjuk');
  help.getColumn(1).width = 120;
  help.addRow(['Isi setiap lembar mulai baris 2. Setiap baris dikenali dari ID/kode SIAKAD-nya,']);
  help.addRow(['sehingga memuat file yang sama dua kali tidak mengubah apa pun.']);
  help.addRow(['Kolom bertanda * wajib diisi. Setelah diunggah, periksa pratinjau lalu pilih Terapkan.']);
  for (const sheet of semesterSheets) {
    help.addRow([]);
    help.addRow([sheet.name]).font = { bold: true };
    help.addRow([sheet.help]);
    help.addRow(['Kolom: ' + sheet.columns.map((c) => (c.required ? `${c.header}*` : c.header)).join(', ')]);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}
