/**
 * The import template: the first sheet has the columns the import reads (NIM, Status, Keterangan), the
 * second explains them. Built on request; ExcelJS is loaded when used.
 */
export async function buildFeeHoldTemplate(): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Tunggakan');
  sheet.columns = [
    { header: 'NIM', key: 'nim', width: 18, style: { numFmt: '@' } },
    { header: 'Status', key: 'status', width: 14 },
    { header: 'Keterangan', key: 'keterangan', width: 48 },
  ];
  sheet.getRow(1).font = { bold: true };
  const help = book.addWorksheet('Petunjuk');
  help.getColumn(1).width = 100;
  for (const line of [
    'Isi lembar "Tunggakan" mulai baris 2, satu mahasiswa per baris.',
    'NIM: wajib. Hanya mahasiswa kampus ini yang diproses; NIM lain dilaporkan sebagai tidak dikenal.',
    'Status: "Tunggakan" (atau kosong) menandai tunggakan; "Lunas" menghapusnya.',
    'Keterangan: opsional, maksimal 200 karakter, tampil kepada mahasiswa.',
    'File CSV dengan kolom yang sama (dipisah koma atau titik koma) juga dapat diimpor.',
  ])
    help.addRow([line]);
  return Buffer.from(await book.xlsx.writeBuffer());
}
