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
//  - qr: Householder reflections with LAPACK's conventions (the reflector
//    maps x to -sign(x0) |x| e0, so R's diagonal takes that sign), Q formed
//    by applying them to the identity; modes 'reduced', 'complete', 'r'.
// The results are tuples (numpy's EighResult and QRResult are named
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
  Value x = asNp(ev, a.args[0]);
  NumpyArrayObj &m = arr(x);
  if (m.rank() < 2)
    raise("LinAlgError", std::to_string(m.rank()) +
                             "-dimensional array given. Array must be at least two-dimensional");
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

} // namespace

void registerNumpyDecompositions(ModuleObject &linalg) {
  linalg.def("cholesky", cholesky);
  linalg.def("eigh", [](Evaluator &ev, CallArgs &a) { return eigh(ev, a, true); });
  linalg.def("eigvalsh", [](Evaluator &ev, CallArgs &a) { return eigh(ev, a, false); });
  linalg.def("qr", qr);
}

} // namespace parax::frontend::npy
