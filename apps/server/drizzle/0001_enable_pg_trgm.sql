-- Trigram matching for the substring searches of lists (ILIKE '%…%'), which no B-tree index serves.
-- pg_trgm is a trusted extension (PostgreSQL 13+): the database owner may create it. PGlite loads it
-- in openPglite (src/db/database.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
