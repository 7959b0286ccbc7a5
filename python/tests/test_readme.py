"""docs/python.md's Python example runs as written, from the repository's root."""

import os
import re
import subprocess
import sys

from conftest import PYTHON, ROOT


def test_the_python_page_example_runs(tmp_path):
    page = (ROOT / "docs" / "python.md").read_text()
    blocks = re.findall(r"```python\n(.*?)```", page, re.S)
    assert len(blocks) == 1
    script = tmp_path / "example.py"
    script.write_text(blocks[0])
    env = dict(os.environ, PYTHONPATH=str(PYTHON))
    out = subprocess.run(
        [sys.executable, str(script)], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[-1].endswith("{'partition 1': 34, 'partition 2': 34}")
    assert lines[-2].startswith("0.8296296296296296 {'error': 0.4444444444444444")
