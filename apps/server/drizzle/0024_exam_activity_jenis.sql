-- Custom SQL migration file, put your code below! --
-- An exam's activity carries the exam's jenis, which types it in the grade recap. Exams synced before
-- subkind existed, the demo seed, and every extension or resume wrote none, so a UTS outside the UTS
-- meeting was counted as a Kuis: give every exam activity its exam's jenis (issue 45).
UPDATE "activities" AS a
SET "subkind" = e."jenis"::text, "updated_at" = now()
FROM "exams" AS e
WHERE a."kind" = 'ujian'
  AND e."college_id" = a."college_id"
  AND e."id"::text = a."content_id"
  AND a."subkind" IS DISTINCT FROM e."jenis"::text;
