import { defineResource } from '../../platform/resource-access.ts';
import { vidconContent, type LoadedVidcon } from './vidcon.service.ts';

/** A vidcon named by a route's path: read by whoever reads its class, changed by its meetings' editors. */
export const vidconResource = defineResource<LoadedVidcon>(
  'vidcon',
  vidconContent.loadResource,
  vidconContent.notFound,
);
