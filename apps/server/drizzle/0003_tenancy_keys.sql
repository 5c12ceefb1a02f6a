-- Child rows carried college_id without a foreign key on it: align it with the parent first, while
-- the parents' ids are still globally unique, so the composite keys below hold on existing data.
UPDATE "course_learning_plans" x SET "college_id" = p."college_id" FROM "courses" p WHERE p."id" = x."mata_kuliah_id" AND x."college_id" <> p."college_id";
--> statement-breakpoint
UPDATE "course_evaluation_plans" x SET "college_id" = p."college_id" FROM "courses" p WHERE p."id" = x."mata_kuliah_id" AND x."college_id" <> p."college_id";
--> statement-breakpoint
UPDATE "class_study_programs" x SET "college_id" = p."college_id" FROM "classes" p WHERE p."id" = x."kelas_id" AND x."college_id" <> p."college_id";
--> statement-breakpoint
UPDATE "class_schedules" x SET "college_id" = p."college_id" FROM "classes" p WHERE p."id" = x."kelas_id" AND x."college_id" <> p."college_id";
--> statement-breakpoint
UPDATE "class_teachers" x SET "college_id" = p."college_id" FROM "classes" p WHERE p."id" = x."kelas_id" AND x."college_id" <> p."college_id";
--> statement-breakpoint
UPDATE "class_students" x SET "college_id" = p."college_id" FROM "classes" p WHERE p."id" = x."kelas_id" AND x."college_id" <> p."college_id";
--> statement-breakpoint
UPDATE "meetings" x SET "college_id" = p."college_id" FROM "classes" p WHERE p."id" = x."kelas_id" AND x."college_id" <> p."college_id";
--> statement-breakpoint
UPDATE "meeting_teachers" x SET "college_id" = p."college_id" FROM "meetings" p WHERE p."id" = x."pertemuan_id" AND x."college_id" <> p."college_id";
--> statement-breakpoint
UPDATE "students" x SET "college_id" = p."college_id" FROM "users" p WHERE p."id" = x."user_id" AND x."college_id" <> p."college_id";
--> statement-breakpoint
UPDATE "lecturers" x SET "college_id" = p."college_id" FROM "users" p WHERE p."id" = x."user_id" AND x."college_id" <> p."college_id";
--> statement-breakpoint
UPDATE "student_fee_holds" x SET "college_id" = p."college_id" FROM "users" p WHERE p."id" = x."user_id" AND x."college_id" <> p."college_id";
--> statement-breakpoint
UPDATE "activity_logs" x SET "college_id" = p."college_id" FROM "users" p WHERE p."id" = x."user_id" AND x."college_id" <> p."college_id";
--> statement-breakpoint
UPDATE "auth_codes" x SET "college_id" = p."college_id" FROM "users" p WHERE p."id" = x."user_id" AND x."college_id" <> p."college_id";
--> statement-breakpoint
UPDATE "refresh_tokens" x SET "college_id" = p."college_id" FROM "users" p WHERE p."id" = x."user_id" AND x."college_id" <> p."college_id";
--> statement-breakpoint
-- Short-lived sign-in codes and tokens whose acting operator belongs to another college are void.
DELETE FROM "auth_codes" x USING "users" a WHERE a."id" = x."actor_user_id" AND a."college_id" <> x."college_id";
--> statement-breakpoint
DELETE FROM "refresh_tokens" x USING "users" a WHERE a."id" = x."actor_user_id" AND a."college_id" <> x."college_id";
--> statement-breakpoint
ALTER TABLE "course_evaluation_plans" DROP CONSTRAINT "course_evaluation_plans_mata_kuliah_id_courses_id_fk";
--> statement-breakpoint
ALTER TABLE "course_learning_plans" DROP CONSTRAINT "course_learning_plans_mata_kuliah_id_courses_id_fk";
--> statement-breakpoint
ALTER TABLE "courses" DROP CONSTRAINT "courses_prodi_id_study_programs_id_fk";
--> statement-breakpoint
ALTER TABLE "rooms" DROP CONSTRAINT "rooms_kampus_id_campuses_id_fk";
--> statement-breakpoint
ALTER TABLE "student_fee_holds" DROP CONSTRAINT "student_fee_holds_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "activity_logs" DROP CONSTRAINT "activity_logs_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "class_schedules" DROP CONSTRAINT "class_schedules_kelas_id_classes_id_fk";
--> statement-breakpoint
ALTER TABLE "class_schedules" DROP CONSTRAINT "class_schedules_ruangan_id_rooms_id_fk";
--> statement-breakpoint
ALTER TABLE "class_schedules" DROP CONSTRAINT "class_schedules_sesi_id_lecture_sessions_id_fk";
--> statement-breakpoint
ALTER TABLE "class_students" DROP CONSTRAINT "class_students_kelas_id_classes_id_fk";
--> statement-breakpoint
ALTER TABLE "class_students" DROP CONSTRAINT "class_students_mahasiswa_id_students_user_id_fk";
--> statement-breakpoint
ALTER TABLE "class_study_programs" DROP CONSTRAINT "class_study_programs_kelas_id_classes_id_fk";
--> statement-breakpoint
ALTER TABLE "class_study_programs" DROP CONSTRAINT "class_study_programs_prodi_id_study_programs_id_fk";
--> statement-breakpoint
ALTER TABLE "class_teachers" DROP CONSTRAINT "class_teachers_kelas_id_classes_id_fk";
--> statement-breakpoint
ALTER TABLE "class_teachers" DROP CONSTRAINT "class_teachers_dosen_id_lecturers_user_id_fk";
--> statement-breakpoint
ALTER TABLE "classes" DROP CONSTRAINT "classes_mata_kuliah_id_courses_id_fk";
--> statement-breakpoint
ALTER TABLE "classes" DROP CONSTRAINT "classes_kampus_id_campuses_id_fk";
--> statement-breakpoint
ALTER TABLE "auth_codes" DROP CONSTRAINT "auth_codes_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "auth_codes" DROP CONSTRAINT "auth_codes_actor_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "lecturers" DROP CONSTRAINT "lecturers_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "lecturers" DROP CONSTRAINT "lecturers_prodi_id_study_programs_id_fk";
--> statement-breakpoint
ALTER TABLE "refresh_tokens" DROP CONSTRAINT "refresh_tokens_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "refresh_tokens" DROP CONSTRAINT "refresh_tokens_actor_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "students" DROP CONSTRAINT "students_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "students" DROP CONSTRAINT "students_prodi_id_study_programs_id_fk";
--> statement-breakpoint
ALTER TABLE "meeting_teachers" DROP CONSTRAINT "meeting_teachers_pertemuan_id_meetings_id_fk";
--> statement-breakpoint
ALTER TABLE "meeting_teachers" DROP CONSTRAINT "meeting_teachers_dosen_id_lecturers_user_id_fk";
--> statement-breakpoint
ALTER TABLE "meetings" DROP CONSTRAINT "meetings_kelas_id_classes_id_fk";
--> statement-breakpoint
ALTER TABLE "meetings" DROP CONSTRAINT "meetings_ruangan_id_rooms_id_fk";
--> statement-breakpoint
ALTER TABLE "meetings" DROP CONSTRAINT "meetings_sesi_id_lecture_sessions_id_fk";
--> statement-breakpoint
DROP INDEX "course_evaluation_plans_course_komponen_uq";
--> statement-breakpoint
DROP INDEX "course_learning_plans_course_pertemuan_uq";
--> statement-breakpoint
DROP INDEX "class_schedules_kelas_idx";
--> statement-breakpoint
DROP INDEX "class_study_programs_prodi_idx";
--> statement-breakpoint
DROP INDEX "class_teachers_one_main_uq";
--> statement-breakpoint
DROP INDEX "classes_course_period_idx";
--> statement-breakpoint
DROP INDEX "meetings_kelas_nomor_uq";
--> statement-breakpoint
ALTER TABLE "class_students" DROP CONSTRAINT "class_students_kelas_id_mahasiswa_id_pk";
--> statement-breakpoint
ALTER TABLE "class_study_programs" DROP CONSTRAINT "class_study_programs_kelas_id_prodi_id_pk";
--> statement-breakpoint
ALTER TABLE "class_teachers" DROP CONSTRAINT "class_teachers_kelas_id_dosen_id_pk";
--> statement-breakpoint
ALTER TABLE "courses" DROP CONSTRAINT "courses_pkey";
--> statement-breakpoint
ALTER TABLE "classes" DROP CONSTRAINT "classes_pkey";
--> statement-breakpoint
/* 
    Unfortunately in current drizzle-kit version we can't automatically get name for primary key.
    We are working on making it available!

    Meanwhile you can:
        1. Check pk name in your database, by running
            SELECT constraint_name FROM information_schema.table_constraints
            WHERE table_schema = 'public'
                AND table_name = 'courses'
                AND constraint_type = 'PRIMARY KEY';
        2. Uncomment code below and paste pk name manually
        
    Hope to release this update as soon as possible
*/

-- ALTER TABLE "courses" DROP CONSTRAINT "<constraint_name>";
--> statement-breakpoint
/* 
    Unfortunately in current drizzle-kit version we can't automatically get name for primary key.
    We are working on making it available!

    Meanwhile you can:
        1. Check pk name in your database, by running
            SELECT constraint_name FROM information_schema.table_constraints
            WHERE table_schema = 'public'
                AND table_name = 'classes'
                AND constraint_type = 'PRIMARY KEY';
        2. Uncomment code below and paste pk name manually
        
    Hope to release this update as soon as possible
*/

-- ALTER TABLE "classes" DROP CONSTRAINT "<constraint_name>";
--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_pkey" PRIMARY KEY("college_id","id");
--> statement-breakpoint
ALTER TABLE "class_students" ADD CONSTRAINT "class_students_pkey" PRIMARY KEY("college_id","kelas_id","mahasiswa_id");
--> statement-breakpoint
ALTER TABLE "class_study_programs" ADD CONSTRAINT "class_study_programs_pkey" PRIMARY KEY("college_id","kelas_id","prodi_id");
--> statement-breakpoint
ALTER TABLE "class_teachers" ADD CONSTRAINT "class_teachers_pkey" PRIMARY KEY("college_id","kelas_id","dosen_id");
--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_pkey" PRIMARY KEY("college_id","id");
--> statement-breakpoint
ALTER TABLE "colleges" ADD COLUMN "is_default" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- Requests without a college-id header go to the default college: the oldest one.
UPDATE "colleges" SET "is_default" = true WHERE "id" = (SELECT "id" FROM "colleges" ORDER BY "created_at", "id" LIMIT 1);
--> statement-breakpoint
ALTER TABLE "campuses" ADD CONSTRAINT "campuses_college_id_uq" UNIQUE("college_id","id");
--> statement-breakpoint
ALTER TABLE "lecture_sessions" ADD CONSTRAINT "lecture_sessions_college_id_uq" UNIQUE("college_id","id");
--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_college_id_uq" UNIQUE("college_id","id");
--> statement-breakpoint
ALTER TABLE "lecturers" ADD CONSTRAINT "lecturers_college_user_uq" UNIQUE("college_id","user_id");
--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_college_user_uq" UNIQUE("college_id","user_id");
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_college_id_uq" UNIQUE("college_id","id");
--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_college_id_uq" UNIQUE("college_id","id");
--> statement-breakpoint
ALTER TABLE "study_programs" ADD CONSTRAINT "study_programs_college_id_uq" UNIQUE("college_id","id");
--> statement-breakpoint
ALTER TABLE "course_evaluation_plans" ADD CONSTRAINT "course_evaluation_plans_course_fk" FOREIGN KEY ("college_id","mata_kuliah_id") REFERENCES "public"."courses"("college_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "course_learning_plans" ADD CONSTRAINT "course_learning_plans_course_fk" FOREIGN KEY ("college_id","mata_kuliah_id") REFERENCES "public"."courses"("college_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_prodi_fk" FOREIGN KEY ("college_id","prodi_id") REFERENCES "public"."study_programs"("college_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_campus_fk" FOREIGN KEY ("college_id","kampus_id") REFERENCES "public"."campuses"("college_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "student_fee_holds" ADD CONSTRAINT "student_fee_holds_user_fk" FOREIGN KEY ("college_id","user_id") REFERENCES "public"."users"("college_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "activity_logs" ADD CONSTRAINT "activity_logs_user_fk" FOREIGN KEY ("college_id","user_id") REFERENCES "public"."users"("college_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "class_schedules" ADD CONSTRAINT "class_schedules_class_fk" FOREIGN KEY ("college_id","kelas_id") REFERENCES "public"."classes"("college_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "class_schedules" ADD CONSTRAINT "class_schedules_room_fk" FOREIGN KEY ("college_id","ruangan_id") REFERENCES "public"."rooms"("college_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "class_schedules" ADD CONSTRAINT "class_schedules_session_fk" FOREIGN KEY ("college_id","sesi_id") REFERENCES "public"."lecture_sessions"("college_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "class_students" ADD CONSTRAINT "class_students_class_fk" FOREIGN KEY ("college_id","kelas_id") REFERENCES "public"."classes"("college_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "class_students" ADD CONSTRAINT "class_students_student_fk" FOREIGN KEY ("college_id","mahasiswa_id") REFERENCES "public"."students"("college_id","user_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "class_study_programs" ADD CONSTRAINT "class_study_programs_class_fk" FOREIGN KEY ("college_id","kelas_id") REFERENCES "public"."classes"("college_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "class_study_programs" ADD CONSTRAINT "class_study_programs_prodi_fk" FOREIGN KEY ("college_id","prodi_id") REFERENCES "public"."study_programs"("college_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "class_teachers" ADD CONSTRAINT "class_teachers_class_fk" FOREIGN KEY ("college_id","kelas_id") REFERENCES "public"."classes"("college_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "class_teachers" ADD CONSTRAINT "class_teachers_lecturer_fk" FOREIGN KEY ("college_id","dosen_id") REFERENCES "public"."lecturers"("college_id","user_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_course_fk" FOREIGN KEY ("college_id","mata_kuliah_id") REFERENCES "public"."courses"("college_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_campus_fk" FOREIGN KEY ("college_id","kampus_id") REFERENCES "public"."campuses"("college_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "auth_codes" ADD CONSTRAINT "auth_codes_user_fk" FOREIGN KEY ("college_id","user_id") REFERENCES "public"."users"("college_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "auth_codes" ADD CONSTRAINT "auth_codes_actor_fk" FOREIGN KEY ("college_id","actor_user_id") REFERENCES "public"."users"("college_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "lecturers" ADD CONSTRAINT "lecturers_user_fk" FOREIGN KEY ("college_id","user_id") REFERENCES "public"."users"("college_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "lecturers" ADD CONSTRAINT "lecturers_prodi_fk" FOREIGN KEY ("college_id","prodi_id") REFERENCES "public"."study_programs"("college_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_user_fk" FOREIGN KEY ("college_id","user_id") REFERENCES "public"."users"("college_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_actor_fk" FOREIGN KEY ("college_id","actor_user_id") REFERENCES "public"."users"("college_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_user_fk" FOREIGN KEY ("college_id","user_id") REFERENCES "public"."users"("college_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_prodi_fk" FOREIGN KEY ("college_id","prodi_id") REFERENCES "public"."study_programs"("college_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "meeting_teachers" ADD CONSTRAINT "meeting_teachers_meeting_fk" FOREIGN KEY ("college_id","pertemuan_id") REFERENCES "public"."meetings"("college_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "meeting_teachers" ADD CONSTRAINT "meeting_teachers_lecturer_fk" FOREIGN KEY ("college_id","dosen_id") REFERENCES "public"."lecturers"("college_id","user_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_class_fk" FOREIGN KEY ("college_id","kelas_id") REFERENCES "public"."classes"("college_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_room_fk" FOREIGN KEY ("college_id","ruangan_id") REFERENCES "public"."rooms"("college_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_session_fk" FOREIGN KEY ("college_id","sesi_id") REFERENCES "public"."lecture_sessions"("college_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "colleges_one_default_uq" ON "colleges" USING btree ("is_default") WHERE "colleges"."is_default";
--> statement-breakpoint
CREATE UNIQUE INDEX "course_evaluation_plans_course_komponen_uq" ON "course_evaluation_plans" USING btree ("college_id","mata_kuliah_id","komponen_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "course_learning_plans_course_pertemuan_uq" ON "course_learning_plans" USING btree ("college_id","mata_kuliah_id","pertemuan");
--> statement-breakpoint
CREATE INDEX "class_schedules_kelas_idx" ON "class_schedules" USING btree ("college_id","kelas_id");
--> statement-breakpoint
CREATE INDEX "class_study_programs_prodi_idx" ON "class_study_programs" USING btree ("college_id","prodi_id","kelas_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "class_teachers_one_main_uq" ON "class_teachers" USING btree ("college_id","kelas_id") WHERE "class_teachers"."is_utama";
--> statement-breakpoint
CREATE INDEX "classes_course_period_idx" ON "classes" USING btree ("college_id","mata_kuliah_id","periode");
--> statement-breakpoint
CREATE UNIQUE INDEX "meetings_kelas_nomor_uq" ON "meetings" USING btree ("college_id","kelas_id","nomor");
