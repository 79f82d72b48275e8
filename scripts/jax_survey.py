#!/usr/bin/env python3
"""Counts the JAX library functions that JAX's own docs/ and examples/ use.

    scripts/jax_survey.py GIT_DIR [--parax build/parax] [--out docs/jax-survey.md]

GIT_DIR is a clone (or bare mirror) of github.com/jax-ml/jax; files are read
at HEAD with `git show`, so no work tree is needed.

What is counted: every dotted use `<family>.<name>` where the family is
jax.numpy, jax.lax, jax.nn, jax.scipy, jax.tree_util, jax.tree, jax.random or
jax.example_libraries, in docs/**/*.{md,ipynb,rst,py} and examples/**/*.py.

How aliases are resolved, per file:
- `import jax.numpy as jnp`, `from jax import numpy as jnp`, `import jax.random
  as jr`, `from jax import lax` ... bind an alias to a module path; `jax.` itself
  is always the jax package. `jnp` and `lax` default to jax.numpy and jax.lax
  (docs use them in prose and in snippets that import elsewhere); `np` counts
  only where the file binds it to jax.numpy (`import jax.numpy as np`).
- `from jax.scipy.special import logsumexp [as lse]` makes the bare name
  `lse(` count as a use of jax.scipy.special.logsumexp (calls only).
- A dotted chain is followed as far as it goes (`jnp.linalg.norm`,
  `jax.nn.initializers.glorot_normal`), so submodule functions are named in
  full; attributes that are submodules themselves are not counted alone.
One notebook is often stored three times (x.ipynb, x.md and x.py, paired by
jupytext): per directory and file stem only one is read, the first of .md,
.ipynb, .py, .rst. Notebook JSON is reduced to its cells' source text. Code
and prose are both scanned (prose mentions like ``jnp.sum`` count too).

With --parax, each name is probed in parax (a generated program asks
`hasattr` on the resolved module, and rejects parax's placeholders for
unimplemented JAX names) to fill the status column.
"""
import argparse
import collections
import json
import os
import re
import subprocess
import sys
import tempfile

FAMILIES = ['jax.numpy', 'jax.lax', 'jax.nn', 'jax.scipy', 'jax.tree_util', 'jax.tree',
            'jax.random', 'jax.example_libraries']
# Attributes that are modules, not functions (followed, never counted alone).
SUBMODULES = {'jax.numpy.linalg', 'jax.numpy.fft', 'jax.scipy.special', 'jax.scipy.stats',
              'jax.scipy.linalg', 'jax.scipy.optimize', 'jax.scipy.signal', 'jax.scipy.stats.norm',
              'jax.scipy.stats.multivariate_normal', 'jax.scipy.stats.t',
              'jax.scipy.stats.uniform', 'jax.scipy.stats.beta', 'jax.scipy.stats.gamma',
              'jax.scipy.stats.poisson', 'jax.scipy.stats.bernoulli', 'jax.scipy.stats.cauchy',
              'jax.scipy.stats.laplace', 'jax.scipy.stats.logistic', 'jax.scipy.stats.dirichlet',
              'jax.scipy.stats.expon', 'jax.scipy.integrate', 'jax.scipy.ndimage',
              'jax.scipy.sparse', 'jax.scipy.sparse.linalg', 'jax.scipy.cluster',
              'jax.scipy.fft', 'jax.scipy.interpolate', 'jax.scipy.spatial',
              'jax.nn.initializers', 'jax.example_libraries.stax',
              'jax.example_libraries.optimizers', 'jax.lax.linalg', 'jax.numpy.lax_numpy'}
DEFAULT_ALIASES = {'jax': 'jax', 'jnp': 'jax.numpy', 'lax': 'jax.lax'}
PREFERENCE = ['.md', '.ipynb', '.py', '.rst']

IMPORT_AS = re.compile(r'^\s*import\s+(jax(?:\.\w+)*)\s+as\s+(\w+)', re.M)
FROM_IMPORT = re.compile(r'^\s*from\s+(jax(?:\.\w+)*)\s+import\s+\(?([^\n)]*(?:\n[^\n)]*)*?)\)?\s*$',
                         re.M)
CHAIN = re.compile(r'(?<![\w.])([A-Za-z_]\w*)((?:\.[A-Za-z_]\w*)+)')


def git(gitdir, *args):
    return subprocess.run(['git', '--git-dir', gitdir] + list(args), check=True,
                          capture_output=True, text=True, errors='replace').stdout


def chosen_files(gitdir):
    names = [n for n in git(gitdir, 'ls-tree', '-r', '--name-only', 'HEAD', 'docs',
                            'examples').splitlines()]
    by_stem = collections.defaultdict(list)
    for n in names:
        stem, ext = os.path.splitext(n)
        if n.startswith('examples/') and ext != '.py':
            continue
        if ext in PREFERENCE:
            by_stem[stem].append(ext)
    return sorted(stem + min(exts, key=PREFERENCE.index) for stem, exts in by_stem.items())


def text_of(gitdir, path):
    raw = git(gitdir, 'show', 'HEAD:' + path)
    if path.endswith('.ipynb'):
        try:
            nb = json.loads(raw)
        except ValueError:
            return raw
        return '\n'.join(''.join(c.get('source', '')) for c in nb.get('cells', []))
    return raw


def aliases_of(text):
    modules = dict(DEFAULT_ALIASES)
    names = {}  # bare name -> full dotted name
    for mod, alias in IMPORT_AS.findall(text):
        modules[alias] = mod
    for mod, items in FROM_IMPORT.findall(text):
        for item in items.replace('\n', ' ').split(','):
            parts = item.split('#')[0].split()
            if not parts or not re.match(r'^\w+$', parts[0]):
                continue
            name = parts[0]
            alias = parts[2] if len(parts) >= 3 and parts[1] == 'as' else name
            full = mod + '.' + name
            if full in FAMILIES or full in SUBMODULES:
                modules[alias] = full
            elif any(full.startswith(f + '.') for f in FAMILIES):
                names[alias] = full
    # `np` is plain numpy unless bound to jax.numpy above.
    return modules, names


def in_family(full):
    return any(full == f or full.startswith(f + '.') for f in FAMILIES)


def count(gitdir):
    counts = collections.Counter()
    files = chosen_files(gitdir)
    for path in files:
        text = text_of(gitdir, path)
        modules, names = aliases_of(text)
        for head, rest in CHAIN.findall(text):
            if head not in modules:
                continue
            full = modules[head] + rest
            if not in_family(full):
                continue
            # Strip trailing attributes of results (jnp.ones(3).sum is cut at
            # the call by the regex already); drop bare family/submodules.
            if full in FAMILIES or full in SUBMODULES:
                continue
            counts[full] += 1
        for bare, full in names.items():
            counts[full] += len(re.findall(r'(?<![\w.])' + re.escape(bare) + r'\s*\(', text))
    return counts, len(files)


PROBE = '''
import jax
import jax.numpy
try:
    import jax.scipy.special, jax.scipy.stats, jax.nn.initializers
    import jax.example_libraries.stax, jax.example_libraries.optimizers
except ImportError:
    pass
def probe(path):
    parts = path.split('.')
    obj = jax
    for p in parts[1:]:
        try:
            obj = getattr(obj, p)
        except Exception:  # AttributeError, or a placeholder's NotImplementedError
            return 'missing'
    if 'not implemented in parax' in repr(obj):
        return 'missing'
    if type(obj).__name__ == 'module':
        return 'module'
    return 'yes'
'''


def parax_status(parax, names):
    lines = [PROBE] + ['print(%r, probe(%r))' % (n, n) for n in names]
    with tempfile.NamedTemporaryFile('w', suffix='.py', delete=False) as f:
        f.write('\n'.join(lines) + '\n')
    try:
        out = subprocess.run(parax.split() + [f.name], capture_output=True, text=True)
    finally:
        os.unlink(f.name)
    status = {}
    for line in out.stdout.splitlines():
        parts = line.split()
        if len(parts) == 2:
            status[parts[0]] = parts[1]
    if not status:
        sys.exit('parax probe failed:\n' + out.stderr)
    return status


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('gitdir')
    ap.add_argument('--parax')
    ap.add_argument('--out')
    ap.add_argument('--min', type=int, default=1, help='list names used at least this often')
    args = ap.parse_args()
    counts, nfiles = count(args.gitdir)
    head = git(args.gitdir, 'rev-parse', 'HEAD').strip()
    names = sorted((n for n in counts if counts[n] >= args.min), key=lambda n: (-counts[n], n))
    status = parax_status(args.parax, names) if args.parax else {}
    rows = ['| name | uses | parax |', '|---|---:|---|']
    for n in names:
        rows.append('| `%s` | %d | %s |' % (n, counts[n], status.get(n, '?')))
    table = '\n'.join(rows)
    if args.out:
        with open(args.out) as f:
            doc = f.read()
        start, end = '<!-- survey:begin -->', '<!-- survey:end -->'
        i, j = doc.index(start), doc.index(end)
        meta = ('%d files read at jax-ml/jax commit %s; %d distinct names.\n\n'
                % (nfiles, head[:12], len(names)))
        doc = doc[:i + len(start)] + '\n' + meta + table + '\n' + doc[j:]
        with open(args.out, 'w') as f:
            f.write(doc)
    else:
        print(table)
    missing = [n for n in names if counts[n] >= 2 and status.get(n) in ('missing', '?')]
    if status:
        print('%d names used 2+ times are missing in parax: %s'
              % (len(missing), ' '.join(missing)), file=sys.stderr)


if __name__ == '__main__':
    main()
