"""The wheel's build hook: bundles the front end (js/, by esbuild from npm: scripts/build_js.py) into the wheel as
``hickory_widget/static/<widget>.js`` and ``.css``, minified and without source maps. The bundles are all the wheel
carries of js/ (no sources, no node tests), so installing it needs no Node; building it (from the repository or
from the sdist) needs Node and npm."""

from __future__ import annotations

import importlib.util
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


class FrontEndBuildHook(BuildHookInterface):
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel" or version == "editable":
            return  # an editable install reads the checkout's own bundles (bash scripts/build_js.sh)
        spec = importlib.util.spec_from_file_location("build_js", Path(self.root) / "scripts" / "build_js.py")
        assert spec is not None and spec.loader is not None
        build_js = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(build_js)
        self._out = tempfile.TemporaryDirectory(prefix="hickory-front-end-")
        out = Path(self._out.name)
        sizes = build_js.build(out, release=True)
        self.app.display_info(build_js.report(sizes, out))
        for name in sizes:
            build_data["force_include"][str(out / name)] = f"hickory_widget/static/{name}"

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        if getattr(self, "_out", None) is not None:
            self._out.cleanup()
