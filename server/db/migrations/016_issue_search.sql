-- Issue search (GET /search/issues, issue 16).
--
-- Full-text vectors PostgreSQL keeps itself (generated columns), so no write
-- path has to remember them. The issue's vector weighs its title A and its
-- body B: ranking prefers title hits, and `in:title` / `in:body` keep only
-- the lexemes of one weight (ts_filter) after the index found the rows.
-- Comments have their own vector for `in:comments`. The `english`
-- configuration stems (searching `crash` finds `crashes`), as GitHub does.
ALTER TABLE issues ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', coalesce(body, '')), 'B')
) STORED;
CREATE INDEX issues_search_idx ON issues USING gin (search_vector);

ALTER TABLE issue_comments ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (to_tsvector('english', body)) STORED;
CREATE INDEX issue_comments_search_idx ON issue_comments USING gin (search_vector);
