/** Query keys of a course's academic data (GET /v2/academic/matakuliah/{id}…). */
export const courseKeys = {
  all: ['courses'] as const,
  info: (courseId: string) => [...courseKeys.all, 'info', courseId] as const,
  learningPlan: (courseId: string) => [...courseKeys.all, 'learning-plan', courseId] as const,
  evaluationPlan: (courseId: string) => [...courseKeys.all, 'evaluation-plan', courseId] as const,
};
