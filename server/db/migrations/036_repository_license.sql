-- The license the default branch's LICENSE file holds, as the repository
-- bodies show it (REST `license`, GraphQL `licenseInfo`): `{key, name,
-- spdx_id}` of the matched license (`other` for a text that matches none),
-- null without a license file. Detected when the default branch moves (the
-- ref-change path) or another branch becomes the default, so reading a
-- repository, or a list of 100, never runs git. Repositories created before
-- this migration answer null until their default branch next changes.
ALTER TABLE repositories ADD COLUMN license jsonb;
