"""Release assets (issue 19) through stock PyGithub: uploaded at the release's
`upload_url` (under /api/uploads), listed, read, downloaded (Accept:
application/octet-stream, 302 to the signed URL), renamed and deleted.

Imported by pygithub_calls.py, which passes its `call`, `expect` and `state`.
"""
import hashlib
import os
import tempfile


def asset_calls(call, expect, state, repo, prefix):
    content = bytes((i * 7) % 256 for i in range(30_000))
    call("create a release for assets", lambda: repo.create_git_release(f"{prefix}-assets", name="assets", message=""))
    release = state.get("create a release for assets")

    def upload():
        with tempfile.NamedTemporaryFile(suffix=".bin", delete=False) as f:
            f.write(content)
        try:
            asset = release.upload_asset(f.name, label="The tool", content_type="application/octet-stream", name="tool.bin")
        finally:
            os.unlink(f.name)
        expect(asset.size == len(content) and asset.state == "uploaded" and asset.label == "The tool", "other asset")
        return asset

    call("upload a release asset (upload_url)", upload)
    asset = state.get("upload a release asset (upload_url)")
    call("list release assets", lambda: expect(asset.id in [a.id for a in release.get_assets()], "not listed"))
    call("get a release asset", lambda: expect(repo.get_release_asset(asset.id).name == "tool.bin", "other asset"))

    def download():
        _, _, chunks = asset.download_asset(chunk_size=65536)
        expect(hashlib.sha256(b"".join(chunks)).digest() == hashlib.sha256(content).digest(), "other bytes")

    call("download a release asset", download)
    call("update a release asset", lambda: expect(asset.update_asset("tool-v1.bin", label="Tool v1").name == "tool-v1.bin", "not updated"))
    call("delete a release asset", lambda: asset.delete_asset())
