-- Trigram matching for the admin user search (a GIN index on users.email). pg_trgm ships with
-- PostgreSQL (contrib) and is a trusted extension; PGlite loads it from @electric-sql/pglite/contrib.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
