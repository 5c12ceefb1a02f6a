import { defineResource } from '../../platform/resource-access.ts';
import type { HelpArticleRow } from './help.repository.ts';
import { helpNotFound, loadHelpResource } from './help.service.ts';

/** A help article named by a route's path: any of the college's articles (the route's operator area decides writes). */
export const helpResource = defineResource<HelpArticleRow>('help', loadHelpResource, helpNotFound);
