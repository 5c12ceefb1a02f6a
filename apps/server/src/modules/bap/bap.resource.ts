import { defineResource } from '../../platform/resource-access.ts';
import type { ProgramSignatoryRow } from './bap.repository.ts';
import { loadProgramResource, programNotFound } from './bap.service.ts';

/** A study program named by a route's path, with its signatory (the route's operator area decides who reads and changes it). */
export const programResource = defineResource<ProgramSignatoryRow>(
  'program',
  loadProgramResource,
  programNotFound,
);
