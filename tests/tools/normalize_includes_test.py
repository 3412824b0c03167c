#!/usr/bin/env python3
"""tools/normalize-includes.py on a scratch tree: the one style, idempotence, refusals and layer checks."""

import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "tools" / "normalize-includes.py"


class NormalizeIncludesTest(unittest.TestCase):
    def setUp(self):
        self.scratch = tempfile.TemporaryDirectory()
        self.root = Path(self.scratch.name)
        self.write("db/GpuSpec.h", "#pragma once\n")
        self.write("app/analysis/Estimator.h", '#include <GpuSpec.h>\n#include <QString>\n')
        self.write("app/analysis/Estimator.cpp", '#include "Estimator.h"\r\n\r\n#include <vector>\r\n')
        self.write("app/cli/CliCommand.h", "#pragma once\n")
        self.write("app/window/MainWindow.cpp",
                   '#include "../cli/CliCommand.h" // exit codes\n#include "analysis/Estimator.h"\n'
                   '#include <benchmark/benchmark.h>\n#include "MainWindow.moc"\n')

    def tearDown(self):
        self.scratch.cleanup()

    def write(self, name, text):
        path = self.root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(text.encode())

    def read(self, name):
        return (self.root / name).read_bytes().decode()

    def run_script(self, *options):
        return subprocess.run([sys.executable, str(SCRIPT), "--root", str(self.root), *options],
                              capture_output=True, text=True)

    def test_every_spelling_becomes_the_path_from_the_root(self):
        self.assertEqual(self.run_script().returncode, 0)
        self.assertEqual(self.read("app/analysis/Estimator.h"), '#include "db/GpuSpec.h"\n#include <QString>\n')
        # Line endings and what follows the include stay as they were.
        self.assertEqual(self.read("app/analysis/Estimator.cpp"),
                         '#include "app/analysis/Estimator.h"\r\n\r\n#include <vector>\r\n')
        self.assertEqual(self.read("app/window/MainWindow.cpp"),
                         '#include "app/cli/CliCommand.h" // exit codes\n#include "app/analysis/Estimator.h"\n'
                         '#include <benchmark/benchmark.h>\n#include "MainWindow.moc"\n')

    def test_a_second_run_changes_nothing_and_check_passes(self):
        self.run_script()
        before = {p: p.read_bytes() for p in self.root.rglob("*") if p.is_file()}
        second = self.run_script()
        self.assertEqual(second.returncode, 0)
        self.assertIn("0 of 5 files rewritten", second.stdout)
        self.assertEqual(before, {p: p.read_bytes() for p in self.root.rglob("*") if p.is_file()})
        self.assertEqual(self.run_script("--check").returncode, 0)

    def test_check_reports_and_changes_nothing(self):
        result = self.run_script("--check")
        self.assertEqual(result.returncode, 1)
        self.assertIn("app/window/MainWindow.cpp: includes not in the one style", result.stderr)
        self.assertEqual(self.read("app/analysis/Estimator.h"), '#include <GpuSpec.h>\n#include <QString>\n')

    def test_a_name_two_headers_share_rewrites_nothing(self):
        self.write("widgets/compare/GpuSpec.h", "#pragma once\n")
        result = self.run_script()
        self.assertEqual(result.returncode, 1)
        self.assertIn("GpuSpec.h: one file name, several headers (db/GpuSpec.h, widgets/compare/GpuSpec.h)",
                      result.stderr)
        self.assertIn("nothing rewritten", result.stderr)
        self.assertEqual(self.read("app/cli/CliCommand.h"), "#pragma once\n")
        self.assertEqual(self.read("app/window/MainWindow.cpp").splitlines()[0],
                         '#include "../cli/CliCommand.h" // exit codes')

    def test_a_lower_layer_including_a_higher_one_fails(self):
        self.write("db/Catalogue.cpp", '#include "db/GpuSpec.h"\n#include "app/analysis/Estimator.h"\n')
        self.write("app/analysis/Plan.h", '#include "widgets/compare/Table.h"\n')
        self.write("widgets/compare/Table.h", '#include "app/cli/CliCommand.h"\n')
        result = self.run_script("--check")
        self.assertEqual(result.returncode, 1)
        self.assertIn("db/Catalogue.cpp:2: the db layer may not include app/analysis/Estimator.h", result.stderr)
        self.assertIn("app/analysis/Plan.h:1: the analysis layer may not include widgets/compare/Table.h",
                      result.stderr)
        self.assertIn("widgets/compare/Table.h:1: the widgets layer may not include app/cli/CliCommand.h",
                      result.stderr)
        self.assertNotIn("db/Catalogue.cpp:1", result.stderr)


if __name__ == "__main__":
    unittest.main()
