-- A person's comments across repositories (GraphQL's User.issueComments),
-- read in their order (oldest first, by creation): without this index each
-- such page would read every comment of the instance. Issues and pull
-- requests by author already have issues_user_idx.
CREATE INDEX issue_comments_user_idx ON issue_comments (user_id, created_at, id);
