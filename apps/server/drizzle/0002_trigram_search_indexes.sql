CREATE INDEX "courses_nama_trgm_idx" ON "courses" USING gin ("nama" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "courses_kode_trgm_idx" ON "courses" USING gin ("kode" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_nama_trgm_idx" ON "users" USING gin ("nama" gin_trgm_ops);