-- Health data (and mail bodies, which can carry it) is sealed with AES-256-GCM by the application
-- (decision 016); the sealed form is text.
-- Existing plain values are sealed by the server at start (db/phi-seal.ts), which needs the key.
ALTER TABLE "users" ALTER COLUMN "dob" SET DATA TYPE text USING to_char("dob", 'YYYY-MM-DD');
