-- Blobs are brotli already: Postgres's own compression of large values (pglz, tried on every value
-- over about 2 KB) never shrinks them, and trying cost a third of an upload's insert (a 25 KB blob:
-- 2.4-2.8 ms -> 1.6-1.9 on PGlite, 1.2-1.3 -> 0.8-0.9 on Postgres, one insert at a time). EXTERNAL keeps large values out
-- of line, as before, without the attempt. Rows already stored stay as they are: readable either way.
-- A catalog change only (no rewrite), but it takes the table's exclusive lock for that moment: a
-- long transaction on blobs (a backup's dump, say) makes a start-up running it wait.
ALTER TABLE "blobs" ALTER COLUMN "data" SET STORAGE EXTERNAL;
