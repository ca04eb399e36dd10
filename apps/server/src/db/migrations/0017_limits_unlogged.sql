-- Rate-limit counters skip the write-ahead log (decision 040). They live an hour at most and every
-- sign-in wrote four of them, each a commit waiting on a flush to disk. After a crash Postgres empties
-- an unlogged table, as Redis without persistence forgets its keys: the limits start afresh, once.
ALTER TABLE "rate_limits" SET UNLOGGED;
