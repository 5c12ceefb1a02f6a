import { defineResource } from '../../platform/resource-access.ts';
import { isMaterialHidden, materialContent, type LoadedMaterial } from './material.service.ts';

/**
 * A material named by a route's path: read by whoever reads its class, once shown (before then it is
 * 404 to those who do not edit it); changed by its meetings' editors.
 */
export const materialResource = defineResource<LoadedMaterial>(
  'material',
  async (db, actor, college, id) => {
    const loaded = await materialContent.loadResource(db, actor, college, id);
    // Outsiders are refused for the class (403) before the material's show time is asked.
    return loaded?.canRead && isMaterialHidden(loaded.row) ? null : loaded;
  },
  materialContent.notFound,
);
