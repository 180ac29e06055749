"""Builds libtexunit with the Go toolchain into the package.

pyproject.toml holds the metadata; this file adds one build step: before
the package's files are copied, ``go build -buildmode=c-shared`` builds
``texunit/libtexunit.so`` from the checkout this directory sits in (Go 1.26
or later and a C compiler, as for cgo). ``GO`` names the go command
(default: ``go`` on PATH).
"""

import os
import subprocess
import sys

from setuptools import setup
from setuptools.command.build_py import build_py
from setuptools.dist import Distribution

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


class BuildWithGo(build_py):
    """build_py that first builds the shared library into the package."""

    def run(self):
        super().run()
        if not os.path.isfile(os.path.join(ROOT, "capi", "texunit.h")):
            sys.exit("texunit: %s is not a texunit checkout (no capi/texunit.h); "
                     "install the package from the checkout's python/ directory" % ROOT)
        out = os.path.join(os.path.abspath(self.build_lib), "texunit", "libtexunit.so")
        os.makedirs(os.path.dirname(out), exist_ok=True)
        go = os.environ.get("GO", "go")
        cmd = [go, "build", "-buildmode=c-shared", "-o", out, "./capi"]
        print("texunit: " + " ".join(cmd) + "   (in " + ROOT + ")")
        env = dict(os.environ, CGO_ENABLED="1")
        try:
            subprocess.run(cmd, cwd=ROOT, env=env, check=True)
        except FileNotFoundError:
            sys.exit("texunit: the Go toolchain (%r) is not on PATH: it builds libtexunit" % go)
        except subprocess.CalledProcessError as e:
            sys.exit("texunit: go build failed with status %d" % e.returncode)
        header = os.path.join(os.path.dirname(out), "libtexunit.h")
        if os.path.exists(header):
            os.remove(header)  # cgo's; capi/texunit.h is the public header


class BinaryDistribution(Distribution):
    """The package holds a shared library: its wheel is platform-specific."""

    def has_ext_modules(self):
        return True


setup(cmdclass={"build_py": BuildWithGo}, distclass=BinaryDistribution)
