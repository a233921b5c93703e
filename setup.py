"""Installs the Python package axe_layout with its own copy of libaxelayout.

    /usr/bin/python3 -m pip install --no-build-isolation .   (or: make python-wheel)

The library is built by make (build/libaxelayout.so.VERSION) and copied into
the package as libaxelayout.so.MAJOR, which axe_layout loads by a path
relative to itself: no absolute path is written into the installed files.
The extension axe_layout._cute_values (axe_layout.cute) is compiled against
Python's headers (python3-dev).  Nothing is downloaded: Debian's setuptools
(python3-setuptools) and, for a wheel, python3-wheel are all it needs.
"""
import os
import re
import subprocess

from setuptools import Extension, setup
from setuptools.command.build_py import build_py

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
    # axe_layout.cute's extension, linked to the library's soname: the package loads the
    # library it holds (by path) before importing it, and the loader matches the soname.
    ext_modules=[Extension("axe_layout._cute_values", ["python/axe_layout/_cute_values.c"],
                           include_dirs=["src"], library_dirs=["build"],
                           extra_compile_args=["-g0"],  # debug info would name this tree
                           libraries=[":libaxelayout.so." + version("AXE_LIB_VERSION").split(".")[0]])],
    options={"build": {"build_base": os.path.join(SCRATCH, "build")},
             "egg_info": {"egg_base": SCRATCH}},
    zip_safe=False,
)
