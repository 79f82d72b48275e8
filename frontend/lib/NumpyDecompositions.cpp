//===- NumpyDecompositions.cpp - numpy.linalg's cholesky, eigh, qr --------===//
//
// Matrix decompositions of numpy arrays, in float64 (float32 inputs return
// float32, as numpy's do), over stacks of matrices:
//  - cholesky: the lower factor, row by row; LinAlgError when a pivot is not
//    positive.
//  - eigh / eigvalsh: cyclic Jacobi rotations on the symmetric matrix read
//    from its lower (UPLO='L') or upper triangle, until the off-diagonal
//    mass is below 1e-30 of the total; eigenvalues ascending, eigenvectors
//    as columns. Eigenvectors are unique only up to sign: each column is
//    scaled so that its largest-magnitude entry is positive (LAPACK picks
//    no particular sign, so numpy's may differ).
//  - svd: one-sided Jacobi (Hestenes) on the columns of A (of A^T when it
//    is wide) until every pair is orthogonal to 1e-15; singular values
//    descending, each left vector's largest entry positive, U and V^T
//    completed to square orthonormal bases (Gram-Schmidt on e_i) for
//    full_matrices.
//  - pinv, matrix_rank, lstsq: from the SVD, with numpy 2's default
//    cutoffs (pinv 1e-15 of the largest value; rank and lstsq eps * max(M, N)).
//  - qr: Householder reflections with LAPACK's conventions (the reflector
//    maps x to -sign(x0) |x| e0, so R's diagonal takes that sign), Q formed
//    by applying them to the identity; modes 'reduced', 'complete', 'r'.
// The results are tuples (numpy's EighResult, QRResult, SVDResult are named
// tuples: indexing and unpacking are the same).
//
//===----------------------------------------------------------------------===//
#include "frontend/lib/LibUtil.h"
#include "frontend/lib/NumpyInternal.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace parax::frontend::npy {

namespace {

using Matrix = std::vector<double>; // row-major

void setMatrix(NumpyArrayObj &out, int64_t bi, const Matrix &m, int64_t rows, int64_t cols) {
  for (int64_t i = 0; i < rows * cols; ++i)
    out.setF(bi * rows * cols + i, m[size_t(i)]);
}

/// A numpy array of rank >= 2 (a matrix or a stack of them), else LinAlgError.
NumpyArrayObj &matrixArg(Evaluator &ev, Value &x, const Value &arg) {
  x = asNp(ev, arg);
  NumpyArrayObj &m = arr(x);
  if (m.rank() < 2)
    raise("LinAlgError", std::to_string(m.rank()) +
                             "-dimensional array given. Array must be at least two-dimensional");
  return m;
}

Shape batchShape(const NumpyArrayObj &a) { return Shape(a.shape.begin(), a.shape.end() - 2); }

Shape withCore(Shape batch, std::initializer_list<int64_t> core) {
  batch.insert(batch.end(), core);
  return batch;
}

// --- cholesky ------------------------------------------------------------

Matrix choleskyOf(const Matrix &a, int64_t n) {
  Matrix l(size_t(n * n), 0.0);
  for (int64_t i = 0; i < n; ++i)
    for (int64_t j = 0; j <= i; ++j) {
      double s = a[size_t(i * n + j)];
      for (int64_t k = 0; k < j; ++k)
        s -= l[size_t(i * n + k)] * l[size_t(j * n + k)];
      if (i == j) {
        if (!(s > 0))
          raise("LinAlgError", "Matrix is not positive definite");
        l[size_t(i * n + i)] = std::sqrt(s);
      } else {
        l[size_t(i * n + j)] = s / l[size_t(j * n + j)];
      }
    }
  return l;
}

Value cholesky(Evaluator &ev, CallArgs &a) {
  expectPositional(a, 1, 1, "cholesky");
  Value x = asNp(ev, a.args[0]);
  NumpyArrayObj &m = arr(x);
  requireSquare(m);
  int64_t n = m.shape.back();
  Value r = makeNumpy(linalgType(m.dtype), m.shape);
  forEachMatrix(m, [&](int64_t base, int64_t bi) {
    setMatrix(arr(r), bi, choleskyOf(matrixOf(m, base, n, n), n), n, n);
  });
  return r;
}

// --- eigh ------------------------------------------------------------------

/// Eigenvalues (ascending) and eigenvectors (columns) of symmetric `a`.
void jacobiEigh(Matrix a, int64_t n, std::vector<double> &values, Matrix &vectors) {
  Matrix v(size_t(n * n), 0.0);
  for (int64_t i = 0; i < n; ++i)
    v[size_t(i * n + i)] = 1.0;
  auto at = [&](int64_t i, int64_t j) -> double & { return a[size_t(i * n + j)]; };
  for (int sweep = 0; sweep < 100; ++sweep) {
    double off = 0, total = 0;
    for (int64_t i = 0; i < n; ++i)
      for (int64_t j = 0; j < n; ++j) {
        total += at(i, j) * at(i, j);
        if (i != j)
          off += at(i, j) * at(i, j);
      }
    if (off <= 1e-30 * total || off == 0)
      break;
    for (int64_t p = 0; p < n; ++p)
      for (int64_t q = p + 1; q < n; ++q) {
        if (at(p, q) == 0)
          continue;
        // The rotation that zeroes a[p][q] (Golub & Van Loan 8.5.2).
        double theta = (at(q, q) - at(p, p)) / (2 * at(p, q));
        double t = (theta >= 0 ? 1.0 : -1.0) / (std::fabs(theta) + std::sqrt(theta * theta + 1));
        double c = 1 / std::sqrt(t * t + 1), s = t * c;
        for (int64_t k = 0; k < n; ++k) {
          double akp = at(k, p), akq = at(k, q);
          at(k, p) = c * akp - s * akq;
          at(k, q) = s * akp + c * akq;
        }
        for (int64_t k = 0; k < n; ++k) {
          double apk = at(p, k), aqk = at(q, k);
          at(p, k) = c * apk - s * aqk;
          at(q, k) = s * apk + c * aqk;
        }
        for (int64_t k = 0; k < n; ++k) {
          double vkp = v[size_t(k * n + p)], vkq = v[size_t(k * n + q)];
          v[size_t(k * n + p)] = c * vkp - s * vkq;
          v[size_t(k * n + q)] = s * vkp + c * vkq;
        }
      }
  }
  std::vector<int64_t> order(static_cast<size_t>(n));
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(),
                   [&](int64_t x, int64_t y) { return at(x, x) < at(y, y); });
  values.assign(size_t(n), 0.0);
  vectors.assign(size_t(n * n), 0.0);
  for (int64_t c = 0; c < n; ++c) {
    int64_t src = order[size_t(c)];
    values[size_t(c)] = at(src, src);
    int64_t big = 0;
    for (int64_t k = 1; k < n; ++k)
      if (std::fabs(v[size_t(k * n + src)]) > std::fabs(v[size_t(big * n + src)]))
        big = k;
    double sign = v[size_t(big * n + src)] < 0 ? -1.0 : 1.0;
    for (int64_t k = 0; k < n; ++k)
      vectors[size_t(k * n + c)] = sign * v[size_t(k * n + src)];
  }
}

/// The symmetric matrix numpy reads: one triangle mirrored.
Matrix symmetricFrom(Matrix m, int64_t n, bool lower) {
  for (int64_t i = 0; i < n; ++i)
    for (int64_t j = i + 1; j < n; ++j) {
      if (lower)
        m[size_t(i * n + j)] = m[size_t(j * n + i)];
      else
        m[size_t(j * n + i)] = m[size_t(i * n + j)];
    }
  return m;
}

bool lowerTriangle(Evaluator &ev, CallArgs &a, const char *fn) {
  npBind(a, {"a", "UPLO"}, 1, fn);
  if (a.args.size() < 2 || a.args[1].isNone())
    return true;
  std::string uplo = a.args[1].isStr() ? a.args[1].asStr() : ev.str(a.args[1]);
  if (uplo != "L" && uplo != "U")
    raise("ValueError", "UPLO argument must be 'L' or 'U'");
  return uplo == "L";
}

Value eigh(Evaluator &ev, CallArgs &a, bool withVectors) {
  bool lower = lowerTriangle(ev, a, withVectors ? "eigh" : "eigvalsh");
  Value x = asNp(ev, a.args[0]);
  NumpyArrayObj &m = arr(x);
  requireSquare(m);
  int64_t n = m.shape.back();
  Shape batch = batchShape(m);
  NpDType t = linalgType(m.dtype);
  Value w = makeNumpy(t, withCore(batch, {n}));
  Value v = withVectors ? makeNumpy(t, m.shape) : Value();
  forEachMatrix(m, [&](int64_t base, int64_t bi) {
    std::vector<double> values;
    Matrix vectors;
    jacobiEigh(symmetricFrom(matrixOf(m, base, n, n), n, lower), n, values, vectors);
    for (int64_t i = 0; i < n; ++i)
      arr(w).setF(bi * n + i, values[size_t(i)]);
    if (withVectors)
      setMatrix(arr(v), bi, vectors, n, n);
  });
  return withVectors ? Value::tuple({w, v}) : w;
}

// --- qr --------------------------------------------------------------------

/// Householder QR of the rows x cols matrix `r` in place (r becomes R);
/// returns Q (rows x qCols), the reflectors applied to the identity.
Matrix householderQr(Matrix &r, int64_t rows, int64_t cols, int64_t qCols) {
  int64_t steps = std::min(rows, cols);
  std::vector<Matrix> reflectors;
  std::vector<double> taus;
  for (int64_t k = 0; k < steps; ++k) {
    // LAPACK's dlarfg: no reflection when x below the diagonal is zero
    // (R keeps x0 and its sign), else x0 -> beta = -sign(x0) |x|.
    double alpha = r[size_t(k * cols + k)], tail = 0;
    for (int64_t i = k + 1; i < rows; ++i)
      tail += r[size_t(i * cols + k)] * r[size_t(i * cols + k)];
    Matrix u(size_t(rows), 0.0);
    if (tail == 0) {
      reflectors.push_back(u);
      taus.push_back(0);
      continue;
    }
    double norm = std::sqrt(alpha * alpha + tail);
    double beta = alpha >= 0 ? -norm : norm;
    u[size_t(k)] = 1.0;
    for (int64_t i = k + 1; i < rows; ++i)
      u[size_t(i)] = r[size_t(i * cols + k)] / (alpha - beta);
    double tau = (beta - alpha) / beta;
    // r = (I - tau u u^T) r on rows k.., columns k..
    for (int64_t j = k; j < cols; ++j) {
      double dot = 0;
      for (int64_t i = k; i < rows; ++i)
        dot += u[size_t(i)] * r[size_t(i * cols + j)];
      for (int64_t i = k; i < rows; ++i)
        r[size_t(i * cols + j)] -= tau * u[size_t(i)] * dot;
    }
    for (int64_t i = k + 1; i < rows; ++i)
      r[size_t(i * cols + k)] = 0.0;
    r[size_t(k * cols + k)] = beta;
    reflectors.push_back(u);
    taus.push_back(tau);
  }
  Matrix q(size_t(rows * qCols), 0.0);
  for (int64_t i = 0; i < std::min(rows, qCols); ++i)
    q[size_t(i * qCols + i)] = 1.0;
  for (int64_t k = steps; k-- > 0;) {
    const Matrix &u = reflectors[size_t(k)];
    double tau = taus[size_t(k)];
    if (tau == 0)
      continue;
    for (int64_t j = 0; j < qCols; ++j) {
      double dot = 0;
      for (int64_t i = k; i < rows; ++i)
        dot += u[size_t(i)] * q[size_t(i * qCols + j)];
      for (int64_t i = k; i < rows; ++i)
        q[size_t(i * qCols + j)] -= tau * u[size_t(i)] * dot;
    }
  }
  return q;
}

Value qr(Evaluator &ev, CallArgs &a) {
  npBind(a, {"a", "mode"}, 1, "qr");
  std::string mode = a.args.size() > 1 && a.args[1].isStr() ? a.args[1].asStr() : "reduced";
  if (mode != "reduced" && mode != "complete" && mode != "r")
    raise("ValueError", "Unrecognized mode '" + mode + "'");
  Value x;
  NumpyArrayObj &m = matrixArg(ev, x, a.args[0]);
  int64_t rows = m.shape[size_t(m.rank() - 2)], cols = m.shape.back();
  int64_t k = std::min(rows, cols);
  int64_t qCols = mode == "complete" ? rows : k, rRows = mode == "complete" ? rows : k;
  Shape batch = batchShape(m);
  NpDType t = linalgType(m.dtype);
  Value q = makeNumpy(t, withCore(batch, {rows, qCols}));
  Value r = makeNumpy(t, withCore(batch, {rRows, cols}));
  forEachMatrix(m, [&](int64_t base, int64_t bi) {
    Matrix rm = matrixOf(m, base, rows, cols);
    Matrix qm = householderQr(rm, rows, cols, qCols);
    rm.resize(size_t(rRows * cols));
    setMatrix(arr(q), bi, qm, rows, qCols);
    setMatrix(arr(r), bi, rm, rRows, cols);
  });
  if (mode == "r")
    return r;
  return Value::tuple({q, r});
}

// --- svd -------------------------------------------------------------------

/// Extends the k orthonormal columns of `q` (rows x k) to rows x rows.
Matrix completeBasis(const Matrix &q, int64_t rows, int64_t k) {
  Matrix out(size_t(rows * rows), 0.0);
  for (int64_t i = 0; i < rows; ++i)
    for (int64_t j = 0; j < k; ++j)
      out[size_t(i * rows + j)] = q[size_t(i * k + j)];
  int64_t have = k;
  for (int64_t e = 0; e < rows && have < rows; ++e) {
    std::vector<double> v(size_t(rows), 0.0);
    v[size_t(e)] = 1.0;
    for (int pass = 0; pass < 2; ++pass) // twice: classical Gram-Schmidt loses orthogonality
      for (int64_t j = 0; j < have; ++j) {
        double dot = 0;
        for (int64_t i = 0; i < rows; ++i)
          dot += out[size_t(i * rows + j)] * v[size_t(i)];
        for (int64_t i = 0; i < rows; ++i)
          v[size_t(i)] -= dot * out[size_t(i * rows + j)];
      }
    double norm = 0;
    for (double x : v)
      norm += x * x;
    norm = std::sqrt(norm);
    if (norm < 1e-8)
      continue;
    for (int64_t i = 0; i < rows; ++i)
      out[size_t(i * rows + have)] = v[size_t(i)] / norm;
    ++have;
  }
  return out;
}

/// Thin SVD of tall `a` (rows >= cols): U rows x cols, s, V cols x cols.
void jacobiSvdTall(Matrix w, int64_t rows, int64_t cols, Matrix &u, std::vector<double> &s,
                   Matrix &v) {
  Matrix vv(size_t(cols * cols), 0.0);
  for (int64_t i = 0; i < cols; ++i)
    vv[size_t(i * cols + i)] = 1.0;
  for (int sweep = 0; sweep < 100; ++sweep) {
    bool rotated = false;
    for (int64_t p = 0; p < cols; ++p)
      for (int64_t q = p + 1; q < cols; ++q) {
        double alpha = 0, beta = 0, gamma = 0;
        for (int64_t i = 0; i < rows; ++i) {
          double wp = w[size_t(i * cols + p)], wq = w[size_t(i * cols + q)];
          alpha += wp * wp;
          beta += wq * wq;
          gamma += wp * wq;
        }
        if (gamma == 0 || std::fabs(gamma) <= 1e-15 * std::sqrt(alpha * beta))
          continue;
        rotated = true;
        double zeta = (beta - alpha) / (2 * gamma);
        double t = (zeta >= 0 ? 1.0 : -1.0) / (std::fabs(zeta) + std::sqrt(1 + zeta * zeta));
        double c = 1 / std::sqrt(1 + t * t), sn = c * t;
        for (int64_t i = 0; i < rows; ++i) {
          double wp = w[size_t(i * cols + p)], wq = w[size_t(i * cols + q)];
          w[size_t(i * cols + p)] = c * wp - sn * wq;
          w[size_t(i * cols + q)] = sn * wp + c * wq;
        }
        for (int64_t i = 0; i < cols; ++i) {
          double vp = vv[size_t(i * cols + p)], vq = vv[size_t(i * cols + q)];
          vv[size_t(i * cols + p)] = c * vp - sn * vq;
          vv[size_t(i * cols + q)] = sn * vp + c * vq;
        }
      }
    if (!rotated)
      break;
  }
  std::vector<double> norms(static_cast<size_t>(cols), 0.0);
  for (int64_t j = 0; j < cols; ++j) {
    for (int64_t i = 0; i < rows; ++i)
      norms[size_t(j)] += w[size_t(i * cols + j)] * w[size_t(i * cols + j)];
    norms[size_t(j)] = std::sqrt(norms[size_t(j)]);
  }
  std::vector<int64_t> order(static_cast<size_t>(cols));
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(),
                   [&](int64_t x, int64_t y) { return norms[size_t(x)] > norms[size_t(y)]; });
  u.assign(size_t(rows * cols), 0.0);
  v.assign(size_t(cols * cols), 0.0);
  s.assign(size_t(cols), 0.0);
  Matrix basis; // left vectors of the nonzero values, for completing the rest
  for (int64_t c = 0; c < cols; ++c) {
    int64_t src = order[size_t(c)];
    double sigma = norms[size_t(src)];
    s[size_t(c)] = sigma;
    double sign = 1.0;
    if (sigma > 0) {
      int64_t big = 0;
      for (int64_t i = 1; i < rows; ++i)
        if (std::fabs(w[size_t(i * cols + src)]) > std::fabs(w[size_t(big * cols + src)]))
          big = i;
      sign = w[size_t(big * cols + src)] < 0 ? -1.0 : 1.0;
      for (int64_t i = 0; i < rows; ++i)
        u[size_t(i * cols + c)] = sign * w[size_t(i * cols + src)] / sigma;
    }
    for (int64_t i = 0; i < cols; ++i)
      v[size_t(i * cols + c)] = sign * vv[size_t(i * cols + src)];
  }
  // Columns of U for zero singular values: an orthonormal completion.
  int64_t nonzero = 0;
  while (nonzero < cols && s[size_t(nonzero)] > 0)
    ++nonzero;
  if (nonzero < cols) {
    Matrix head(size_t(rows * nonzero));
    for (int64_t i = 0; i < rows; ++i)
      for (int64_t j = 0; j < nonzero; ++j)
        head[size_t(i * nonzero + j)] = u[size_t(i * cols + j)];
    Matrix full = completeBasis(head, rows, nonzero);
    for (int64_t i = 0; i < rows; ++i)
      for (int64_t j = nonzero; j < cols; ++j)
        u[size_t(i * cols + j)] = full[size_t(i * rows + j)];
  }
}

/// A = U diag(s) V^T with U rows x k, V cols x k (k = min(rows, cols)).
void thinSvd(Matrix am, int64_t rows, int64_t cols, Matrix &u, std::vector<double> &s,
             Matrix &v) {
  bool wide = rows < cols;
  int64_t tr = wide ? cols : rows, tc = wide ? rows : cols; // the tall problem
  if (wide) {
    Matrix tmat(size_t(tr * tc));
    for (int64_t i = 0; i < rows; ++i)
      for (int64_t j = 0; j < cols; ++j)
        tmat[size_t(j * tc + i)] = am[size_t(i * cols + j)];
    am = tmat;
  }
  Matrix tu, tv;
  jacobiSvdTall(am, tr, tc, tu, s, tv);
  u = wide ? tv : tu;
  v = wide ? tu : tv;
}

Value svd(Evaluator &ev, CallArgs &a) {
  npBind(a, {"a", "full_matrices", "compute_uv", "hermitian"}, 1, "svd");
  bool full = a.args.size() < 2 || ev.truthy(a.args[1]);
  bool uv = a.args.size() < 3 || ev.truthy(a.args[2]);
  Value x;
  NumpyArrayObj &m = matrixArg(ev, x, a.args[0]);
  int64_t rows = m.shape[size_t(m.rank() - 2)], cols = m.shape.back();
  int64_t k = std::min(rows, cols);
  int64_t uCols = full ? rows : k, vRows = full ? cols : k;
  Shape batch = batchShape(m);
  NpDType t = linalgType(m.dtype);
  Value sv = makeNumpy(t, withCore(batch, {k}));
  Value uo = uv ? makeNumpy(t, withCore(batch, {rows, uCols})) : Value();
  Value vo = uv ? makeNumpy(t, withCore(batch, {vRows, cols})) : Value();
  forEachMatrix(m, [&](int64_t base, int64_t bi) {
    Matrix leftK, rightK;
    std::vector<double> s;
    thinSvd(matrixOf(m, base, rows, cols), rows, cols, leftK, s, rightK);
    for (int64_t i = 0; i < k; ++i)
      arr(sv).setF(bi * k + i, s[size_t(i)]);
    if (!uv)
      return;
    Matrix left = full ? completeBasis(leftK, rows, k) : leftK;
    Matrix right = full ? completeBasis(rightK, cols, k) : rightK;
    for (int64_t i = 0; i < rows; ++i)
      for (int64_t j = 0; j < uCols; ++j)
        arr(uo).setF(bi * rows * uCols + i * uCols + j, left[size_t(i * uCols + j)]);
    for (int64_t i = 0; i < vRows; ++i) // V^T: row i is column i of V
      for (int64_t j = 0; j < cols; ++j)
        arr(vo).setF(bi * vRows * cols + i * cols + j, right[size_t(j * vRows + i)]);
  });
  return uv ? Value::tuple({uo, sv, vo}) : sv;
}

/// The pseudo-inverse V diag(1/s) U^T of a rows x cols matrix, singular
/// values at most `rcond` times the largest dropped; `rank` counts the kept.
Matrix pseudoInverse(const Matrix &am, int64_t rows, int64_t cols, double rcond, int64_t &rank,
                     std::vector<double> &s) {
  Matrix u, v;
  thinSvd(am, rows, cols, u, s, v);
  int64_t k = std::min(rows, cols);
  double cutoff = rcond * (k ? *std::max_element(s.begin(), s.end()) : 0.0);
  Matrix p(size_t(cols * rows), 0.0);
  rank = 0;
  for (int64_t c = 0; c < k; ++c) {
    if (!(s[size_t(c)] > cutoff))
      continue;
    ++rank;
    double inv = 1 / s[size_t(c)];
    for (int64_t i = 0; i < cols; ++i)
      for (int64_t j = 0; j < rows; ++j)
        p[size_t(i * rows + j)] += v[size_t(i * k + c)] * inv * u[size_t(j * k + c)];
  }
  return p;
}

/// A scalar argument (Python number or numpy scalar) as a double.
double scalarArg(Evaluator &ev, const Value &v) {
  Value x = asNp(ev, v);
  return arr(x).getF(arr(x).offset);
}

double epsOf(NpDType t) { return t == NpDType::F32 ? 1.1920929e-07 : 2.220446049250313e-16; }

Value pinv(Evaluator &ev, CallArgs &a) {
  npBind(a, {"a", "rcond", "hermitian", "rtol"}, 1, "pinv");
  Value x;
  NumpyArrayObj &m = matrixArg(ev, x, a.args[0]);
  int64_t rows = m.shape[size_t(m.rank() - 2)], cols = m.shape.back();
  // numpy 2: rcond 1e-15 unless rcond or rtol is given (rtol=None: eps-scaled).
  double rcond = 1e-15;
  if (a.args.size() > 1 && !a.args[1].isNone())
    rcond = scalarArg(ev, a.args[1]);
  else if (a.args.size() > 3)
    rcond = a.args[3].isNone() ? double(std::max(rows, cols)) * epsOf(m.dtype)
                               : scalarArg(ev, a.args[3]);
  Shape batch = batchShape(m);
  Value r = makeNumpy(linalgType(m.dtype), withCore(batch, {cols, rows}));
  forEachMatrix(m, [&](int64_t base, int64_t bi) {
    int64_t rank;
    std::vector<double> s;
    setMatrix(arr(r), bi, pseudoInverse(matrixOf(m, base, rows, cols), rows, cols, rcond, rank, s),
              cols, rows);
  });
  return r;
}

Value matrixRank(Evaluator &ev, CallArgs &a) {
  npBind(a, {"A", "tol", "hermitian", "rtol"}, 1, "matrix_rank");
  Value x = asNp(ev, a.args[0]);
  NumpyArrayObj &m = arr(x);
  if (m.rank() < 2) {
    Value any = callNp(ev, "any", {callNp(ev, "not_equal", {x, Value::integer(0)})});
    return Value::integer(ev.truthy(any) ? 1 : 0);
  }
  int64_t rows = m.shape[size_t(m.rank() - 2)], cols = m.shape.back();
  bool haveTol = a.args.size() > 1 && !a.args[1].isNone();
  double rtol = a.args.size() > 3 && !a.args[3].isNone()
                    ? scalarArg(ev, a.args[3])
                    : double(std::max(rows, cols)) * epsOf(m.dtype);
  Shape batch = batchShape(m);
  Value r = makeNumpy(NpDType::I64, batch);
  forEachMatrix(m, [&](int64_t base, int64_t bi) {
    Matrix u, v;
    std::vector<double> s;
    thinSvd(matrixOf(m, base, rows, cols), rows, cols, u, s, v);
    double top = s.empty() ? 0.0 : *std::max_element(s.begin(), s.end());
    double tol = haveTol ? scalarArg(ev, a.args[1]) : top * rtol;
    int64_t rank = 0;
    for (double sv : s)
      rank += sv > tol;
    arr(r).setI(bi, rank);
  });
  return batch.empty() ? Value::integer(arr(r).getI(0)) : r;
}

/// lstsq(a, b, rcond=None): (x, residuals, rank, s) for a 2-D a.
Value lstsq(Evaluator &ev, CallArgs &a) {
  npBind(a, {"a", "b", "rcond"}, 2, "lstsq");
  Value ax, bx = asNp(ev, a.args[1]);
  NumpyArrayObj &m = matrixArg(ev, ax, a.args[0]);
  NumpyArrayObj &b = arr(bx);
  if (m.rank() != 2 || b.rank() < 1 || b.rank() > 2 || b.shape[0] != m.shape[0])
    raise("LinAlgError", "Incompatible dimensions");
  int64_t rows = m.shape[0], cols = m.shape[1];
  bool vec = b.rank() == 1;
  int64_t nb = vec ? 1 : b.shape[1];
  NpDType t = linalgType(promote(m.dtype, b.dtype));
  double rcond = a.args.size() > 2 && !a.args[2].isNone()
                     ? scalarArg(ev, a.args[2])
                     : epsOf(t) * double(std::max(rows, cols));
  int64_t rank;
  std::vector<double> s;
  Matrix am = matrixOf(m, m.offset, rows, cols);
  Matrix p = pseudoInverse(am, rows, cols, rcond, rank, s);
  Value xo = makeNumpy(t, vec ? Shape{cols} : Shape{cols, nb});
  std::vector<double> resid(size_t(nb), 0.0);
  for (int64_t c = 0; c < nb; ++c) {
    std::vector<double> bc(static_cast<size_t>(rows)), xc(static_cast<size_t>(cols), 0.0);
    for (int64_t i = 0; i < rows; ++i)
      bc[size_t(i)] = vec ? b.getF(b.offset + i * b.strides[0])
                          : b.getF(b.offset + i * b.strides[0] + c * b.strides[1]);
    for (int64_t i = 0; i < cols; ++i)
      for (int64_t j = 0; j < rows; ++j)
        xc[size_t(i)] += p[size_t(i * rows + j)] * bc[size_t(j)];
    for (int64_t i = 0; i < cols; ++i)
      arr(xo).setF(vec ? i : i * nb + c, xc[size_t(i)]);
    for (int64_t j = 0; j < rows; ++j) {
      double e = bc[size_t(j)];
      for (int64_t i = 0; i < cols; ++i)
        e -= am[size_t(j * cols + i)] * xc[size_t(i)];
      resid[size_t(c)] += e * e;
    }
  }
  // numpy reports residuals only for a full-rank tall system.
  bool full = rank == cols && rows > cols;
  Value res = makeNumpy(t, {full ? nb : 0});
  if (full)
    for (int64_t c = 0; c < nb; ++c)
      arr(res).setF(c, resid[size_t(c)]);
  Value sv = makeNumpy(t, {int64_t(s.size())});
  for (size_t i = 0; i < s.size(); ++i)
    arr(sv).setF(int64_t(i), s[i]);
  Value rankScalar = makeNumpy(NpDType::I32, {}); // numpy's rank is an int32 scalar
  arr(rankScalar).setI(0, rank);
  return Value::tuple({xo, res, npScalarize(rankScalar), sv});
}

} // namespace

void registerNumpyDecompositions(ModuleObject &linalg) {
  linalg.def("cholesky", cholesky);
  linalg.def("eigh", [](Evaluator &ev, CallArgs &a) { return eigh(ev, a, true); });
  linalg.def("eigvalsh", [](Evaluator &ev, CallArgs &a) { return eigh(ev, a, false); });
  linalg.def("qr", qr);
  linalg.def("svd", svd);
  linalg.def("pinv", pinv);
  linalg.def("matrix_rank", matrixRank);
  linalg.def("lstsq", lstsq);
}

} // namespace parax::frontend::npy
