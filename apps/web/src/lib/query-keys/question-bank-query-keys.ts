/** Query keys of question banks; any save invalidates `all`. */
export const questionBankKeys = {
  all: ['question-banks'] as const,
  page: (params: object) => [...questionBankKeys.all, 'page', params] as const,
  detail: (id: string) => [...questionBankKeys.all, 'detail', id] as const,
  courseRefs: (dosenId: string | null) => ['bank-course-refs', dosenId] as const,
  lecturerRefs: () => ['bank-lecturer-refs'] as const,
  teachingPeriods: (dosenId: string) => ['teaching-periods', dosenId] as const,
  copySource: (kind: string, params: object) => ['bank-copy-source', kind, params] as const,
};
