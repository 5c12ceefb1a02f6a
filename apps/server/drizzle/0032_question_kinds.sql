ALTER TYPE "public"."question_kind" ADD VALUE 'isian_singkat';--> statement-breakpoint
ALTER TYPE "public"."question_kind" ADD VALUE 'numerik';--> statement-breakpoint
ALTER TYPE "public"."question_kind" ADD VALUE 'pilihan_kompleks';--> statement-breakpoint
ALTER TYPE "public"."question_kind" ADD VALUE 'menjodohkan';--> statement-breakpoint
ALTER TYPE "public"."question_kind" ADD VALUE 'isian_rumpang';