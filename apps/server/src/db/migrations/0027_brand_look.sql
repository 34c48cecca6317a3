-- What the brand looks like, read from its site: its colours and its logo (kept in storage as a PNG), for the
-- picture themes that take the brand's look. Sites read before this have none until they are read again.
ALTER TABLE "websites" ADD COLUMN "look" jsonb DEFAULT '{"colors":[],"logo":null}'::jsonb NOT NULL;