import type { DemoContext } from './demo-seed.context.ts';
import { demoHelpArticles } from './demo-help.data.ts';

/** Help articles (bantuan), numbered within their topic. */
export function addDemoHelp(ctx: DemoContext, operatorId: string): void {
  const { collegeId, createdAt, rows, uid } = ctx;
  const helpOrder = new Map<string, number>();
  for (const [i, [kategori, judul, isi]] of demoHelpArticles.entries()) {
    const urutan = (helpOrder.get(kategori) ?? 0) + 1;
    helpOrder.set(kategori, urutan);
    rows.helpArticles.push({
      id: uid(`bantuan:${i}`),
      collegeId,
      kategori,
      judul,
      isi,
      urutan,
      authorId: operatorId,
      createdAt,
      updatedAt: createdAt,
    });
  }
}
