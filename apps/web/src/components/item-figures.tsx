import { Space, Tag, Tooltip, Typography } from 'antd';
import {
  formatFigure,
  itemAnalysisMessages as m,
  itemFlagHints,
  itemFlagLabels,
  type ItemFlag,
} from '@lms/contract/item-analysis.rules';
import type { ItemFigures } from '@lms/contract/item-analysis.schema';

/*
 * A question's item-analysis figures as the exam's Analisis Soal tab and the bank's Riwayat Analisis
 * show them (issue 43 §3).
 */

const flagColors: Record<ItemFlag, string> = {
  kunci_mungkin_salah: 'red',
  terlalu_sulit: 'orange',
  terlalu_mudah: 'blue',
  daya_beda_rendah: 'gold',
};

/** A question's flags as tags, each explaining itself on hover; "Baik" when it has none. */
export function ItemFlags({ figures }: { figures: ItemFigures }) {
  if (figures.tanda.length === 0)
    return figures.jumlah_dinilai > 0 ? (
      <Tag color="green">Baik</Tag>
    ) : (
      <Typography.Text type="secondary">–</Typography.Text>
    );
  return (
    <Space size={4} wrap>
      {figures.tanda.map((t) => (
        <Tooltip key={t} title={itemFlagHints[t]}>
          <Tag color={flagColors[t]}>{itemFlagLabels[t]}</Tag>
        </Tooltip>
      ))}
    </Space>
  );
}

/** How the options were picked: "A 1 · B✓ 3 · C 1" (✓ the key); "–" for kinds without options. */
export function ItemSpread({ figures }: { figures: ItemFigures }) {
  if (figures.sebaran.length === 0) return <Typography.Text type="secondary">–</Typography.Text>;
  return (
    <Space size={[8, 2]} wrap>
      {figures.sebaran.map((o) => (
        <Tooltip
          key={o.label}
          title={`${o.teks}: ${o.jumlah_atas} kelompok atas, ${o.jumlah_bawah} kelompok bawah`}
        >
          <Typography.Text strong={o.kunci} style={o.kunci ? { color: '#237804' } : undefined}>
            {o.label}
            {o.kunci ? ' ✓' : ''}: {o.jumlah}
          </Typography.Text>
        </Tooltip>
      ))}
    </Space>
  );
}

/** The figures a card or a row shows, with their Indonesian names. */
function itemFigureList(f: ItemFigures): Array<[string, string]> {
  return [
    [m.attempts, String(f.jumlah_peserta)],
    [m.facility, formatFigure(f.tingkat_kemudahan)],
    [m.fullMarks, f.proporsi_benar === null ? '–' : `${Math.round(f.proporsi_benar * 100)} %`],
    [m.discrimination, formatFigure(f.daya_beda)],
    [m.discriminationGroups, formatFigure(f.daya_beda_kelompok)],
  ];
}

/** The figures as a two-column list (a phone card, a history entry). */
export function ItemFigureList({ figures }: { figures: ItemFigures }) {
  return (
    <dl
      style={{ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '2px 12px', margin: 0 }}
      aria-label="Angka analisis soal"
    >
      {itemFigureList(figures).map(([label, value]) => (
        <div key={label} style={{ display: 'contents' }}>
          <dt style={{ color: 'rgba(0, 0, 0, 0.55)' }}>{label}</dt>
          <dd style={{ margin: 0 }}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
