"""Installs the Python package axe_layout with its own copy of libaxelayout.

    /usr/bin/python3 -m pip install --no-build-isolation .   (or: make python-wheel)

The library is built by make (build/libaxelayout.so.VERSION) and copied into
the package as libaxelayout.so.MAJOR, which axe_layout loads by a path
relative to itself: no absolute path is written into the installed files.
Nothing is downloaded: Debian's setuptools (python3-setuptools) and, for a
wheel, python3-wheel are all it needs.
"""
import os
import re
import subprocess

from setuptools import setup
from setuptools.command.build_py import build_py
from setuptools.dist import Distribution

HERE = os.path.dirname(os.path.abspath(__file__))
SCRATCH = os.path.join("build", "setuptools")  # inside make's build/, out of git's way


def version(name):
    """A version defined in src/api/version.h, the one place each is written."""
    with open(os.path.join(HERE, "src", "api", "version.h")) as f:
        return re.search(r'#define %s "([^"]+)"' % name, f.read()).group(1)


class BuildWithLibrary(build_py):
    """build_py, then make's shared library into the built package."""

    def run(self):
        super().run()
        lib = "libaxelayout.so." + version("AXE_LIB_VERSION")
        subprocess.check_call(["make", "-C", HERE, "--no-print-directory", "build/" + lib])
        soname = "libaxelayout.so." + version("AXE_LIB_VERSION").split(".")[0]
        # Without its debugging sections: they name the directory it was built in.
        subprocess.check_call(["objcopy", "--strip-debug", os.path.join(HERE, "build", lib),
                               os.path.join(self.build_lib, "axe_layout", soname)])


class PlatformDistribution(Distribution):
    """The package holds a compiled library: its wheel is platform-specific."""

    def has_ext_modules(self):
        return True


os.makedirs(os.path.join(HERE, SCRATCH), exist_ok=True)
setup(
    name="axe-layout",
    version=version("AXE_RELEASE_VERSION"),
    description="Axe layouts of GPU and accelerator tensors: evaluate, prove, analyse",
    license="see the repository",
    packages=["axe_layout"],
    package_dir={"": "python"},
    python_requires=">=3.8",
    cmdclass={"build_py": BuildWithLibrary},
    distclass=PlatformDistribution,
    options={"build": {"build_base": os.path.join(SCRATCH, "build")},
             "egg_info": {"egg_base": SCRATCH}},
    zip_safe=False,
)
