//===- Distributions.cpp - numpy's sampling algorithms --------------------===//
#include "frontend/lib/random/Distributions.h"
#include "frontend/lib/random/ZigguratTables.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace parax::frontend::rng {

using namespace zig;

double standardNormal(BitSource &bits) {
  for (;;) {
    // 8 bits of strip index, a sign bit, 52 bits of magnitude.
    uint64_t r = bits.next64();
    int idx = int(r & 0xff);
    r >>= 8;
    bool negative = r & 1;
    uint64_t rabs = (r >> 1) & 0x000fffffffffffffULL;
    double x = double(rabs) * wi_double[idx];
    if (negative)
      x = -x;
    if (rabs < ki_double[idx])
      return x;
    if (idx == 0) {
      // The tail beyond r, by Marsaglia's exponential method.
      for (;;) {
        double xx = -ziggurat_nor_inv_r * std::log1p(-bits.nextDouble());
        double yy = -std::log1p(-bits.nextDouble());
        if (yy + yy > xx * xx)
          return ((rabs >> 8) & 1) ? -(ziggurat_nor_r + xx) : ziggurat_nor_r + xx;
      }
    }
    if ((fi_double[idx - 1] - fi_double[idx]) * bits.nextDouble() + fi_double[idx] <
        std::exp(-0.5 * x * x))
      return x;
  }
}

float standardNormalF(BitSource &bits) {
  for (;;) {
    uint32_t r = bits.next32();
    int idx = int(r & 0xff);
    bool negative = (r >> 8) & 1;
    uint32_t rabs = (r >> 9) & 0x0007fffff;
    float x = float(rabs) * wi_float[idx];
    if (negative)
      x = -x;
    if (rabs < ki_float[idx])
      return x;
    if (idx == 0) {
      for (;;) {
        float xx = -ziggurat_nor_inv_r_f * std::log1p(-bits.nextFloat());
        float yy = -std::log1p(-bits.nextFloat());
        if (yy + yy > xx * xx)
          return ((rabs >> 8) & 1) ? -(ziggurat_nor_r_f + xx) : ziggurat_nor_r_f + xx;
      }
    }
    // numpy compares against the double exp of a double argument.
    if ((fi_float[idx - 1] - fi_float[idx]) * bits.nextFloat() + fi_float[idx] <
        std::exp(-0.5 * x * x))
      return x;
  }
}

double standardExponential(BitSource &bits) {
  for (;;) {
    uint64_t ri = bits.next64() >> 3;
    int idx = int(ri & 0xff);
    ri >>= 8;
    double x = double(ri) * we_double[idx];
    if (ri < ke_double[idx])
      return x;
    if (idx == 0)
      return ziggurat_exp_r - std::log1p(-bits.nextDouble());
    if ((fe_double[idx - 1] - fe_double[idx]) * bits.nextDouble() + fe_double[idx] <
        std::exp(-x))
      return x;
  }
}

float standardExponentialF(BitSource &bits) {
  for (;;) {
    uint32_t ri = bits.next32() >> 1;
    int idx = int(ri & 0xff);
    ri >>= 8;
    float x = float(ri) * we_float[idx];
    if (ri < ke_float[idx])
      return x;
    if (idx == 0)
      return ziggurat_exp_r_f - std::log1p(-bits.nextFloat());
    if ((fe_float[idx - 1] - fe_float[idx]) * bits.nextFloat() + fe_float[idx] < std::exp(-x))
      return x;
  }
}

uint64_t genMask(uint64_t max) {
  uint64_t mask = max;
  for (int s = 1; s <= 32; s *= 2)
    mask |= mask >> s;
  return mask;
}

uint64_t randomInterval(BitSource &bits, uint64_t max) {
  if (max == 0)
    return 0;
  uint64_t mask = genMask(max), value;
  if (max <= 0xffffffffULL) {
    while ((value = (bits.next32() & mask)) > max) {
    }
  } else {
    while ((value = (bits.next64() & mask)) > max) {
    }
  }
  return value;
}

namespace {
/// An 8- or 16-bit draw cut from a buffered 32-bit one.
uint32_t smallDraw(BitSource &bits, int width, SmallDrawBuffer &b) {
  if (b.count == 0) {
    b.bits = bits.next32();
    b.count = 32 / width - 1;
  } else {
    b.bits >>= width;
    --b.count;
  }
  return width == 8 ? (b.bits & 0xffu) : (b.bits & 0xffffu);
}

/// Lemire's multiply-and-reject for a `width`-bit draw (8, 16, 32).
uint64_t lemireNarrow(BitSource &bits, uint64_t rng, int width, SmallDrawBuffer &b) {
  const uint64_t full = (uint64_t(1) << width) - 1;
  const uint64_t excl = rng + 1;
  auto draw = [&]() -> uint64_t { return width == 32 ? bits.next32() : smallDraw(bits, width, b); };
  uint64_t m = draw() * excl;
  uint64_t leftover = m & full;
  if (leftover < excl) {
    uint64_t threshold = (full - rng) % excl;
    while (leftover < threshold) {
      m = draw() * excl;
      leftover = m & full;
    }
  }
  return m >> width;
}

uint64_t lemire64(BitSource &bits, uint64_t rng) {
  using u128 = unsigned __int128;
  const uint64_t excl = rng + 1;
  u128 m = u128(bits.next64()) * excl;
  uint64_t leftover = uint64_t(m);
  if (leftover < excl) {
    uint64_t threshold = (UINT64_MAX - rng) % excl;
    while (leftover < threshold) {
      m = u128(bits.next64()) * excl;
      leftover = uint64_t(m);
    }
  }
  return uint64_t(m >> 64);
}
} // namespace

uint64_t boundedUint(BitSource &bits, uint64_t rng, int width, bool masked,
                     SmallDrawBuffer &buf) {
  if (rng == 0)
    return 0;
  if (width == 1) {
    // bool: one bit of a buffered 32-bit draw per value.
    if (buf.count == 0) {
      buf.bits = bits.next32();
      buf.count = 31;
    } else {
      buf.bits >>= 1;
      --buf.count;
    }
    return buf.bits & 1u;
  }
  if (width == 64 && rng > 0xffffffffULL) {
    if (rng == UINT64_MAX)
      return bits.next64();
    if (masked) {
      uint64_t mask = genMask(rng), v;
      while ((v = (bits.next64() & mask)) > rng) {
      }
      return v;
    }
    return lemire64(bits, rng);
  }
  // A range that fits 32 bits draws 32 bits even for a 64-bit dtype.
  int w = width == 64 ? 32 : width;
  const uint64_t full = (uint64_t(1) << w) - 1;
  if (rng == full)
    return w == 32 ? bits.next32() : smallDraw(bits, w, buf);
  if (masked) {
    uint64_t mask = genMask(rng), v;
    do
      v = (w == 32 ? bits.next32() : smallDraw(bits, w, buf)) & mask;
    while (v > rng);
    return v;
  }
  return lemireNarrow(bits, rng, w, buf);
}

double standardGamma(BasicDraws &d, double shape) {
  if (shape == 1.0)
    return d.exponential();
  if (shape == 0.0)
    return 0.0;
  if (shape < 1.0) {
    for (;;) {
      double u = d.uniform();
      double v = d.exponential();
      if (u <= 1.0 - shape) {
        double x = std::pow(u, 1. / shape);
        if (x <= v)
          return x;
      } else {
        double y = -std::log((1 - u) / shape);
        double x = std::pow(1.0 - shape + shape * y, 1. / shape);
        if (x <= v + y)
          return x;
      }
    }
  }
  double b = shape - 1. / 3., c = 1. / std::sqrt(9 * b);
  for (;;) {
    double x, v;
    do {
      x = d.normal();
      v = 1.0 + c * x;
    } while (v <= 0.0);
    v = v * v * v;
    double u = d.uniform();
    if (u < 1.0 - 0.0331 * (x * x) * (x * x))
      return b * v;
    if (std::log(u) < 0.5 * x * x + b * (1. - v + std::log(v)))
      return b * v;
  }
}

double beta(BasicDraws &d, double a, double b, bool legacy) {
  if (a > 1.0 || b > 1.0) {
    double ga = standardGamma(d, a), gb = standardGamma(d, b);
    return ga / (ga + gb);
  }
  if (!legacy && a < 3e-103 && b < 3e-103) {
    // Too small to give anything but 0 or 1.
    double u = d.uniform();
    return (a + b) * u < a;
  }
  for (;;) {
    double u = d.uniform(), v = d.uniform();
    double x = std::pow(u, 1.0 / a), y = std::pow(v, 1.0 / b);
    double xpy = x + y;
    if (legacy) {
      if (xpy <= 1.0) {
        if (xpy > 0)
          return x / xpy;
        double logX = std::log(u) / a, logY = std::log(v) / b;
        double logM = logX > logY ? logX : logY;
        logX -= logM;
        logY -= logM;
        return std::exp(logX - std::log(std::exp(logX) + std::exp(logY)));
      }
      continue;
    }
    if (xpy <= 1.0 && u + v > 0.0) {
      if (x > 0 && y > 0)
        return x / xpy;
      // x or y underflowed: finish in log space.
      double delta = std::log(u) / a - std::log(v) / b;
      return delta > 0 ? std::exp(-std::log1p(std::exp(-delta)))
                       : std::exp(delta - std::log1p(std::exp(delta)));
    }
  }
}

double laplace(BitSource &bits, double loc, double scale) {
  for (;;) {
    double u = bits.nextDouble();
    if (u >= 0.5)
      return loc - scale * std::log(2.0 - u - u);
    if (u > 0.0)
      return loc + scale * std::log(u + u);
  }
}

double gumbel(BitSource &bits, double loc, double scale) {
  for (;;) {
    double u = 1.0 - bits.nextDouble();
    if (u < 1.0)
      return loc - scale * std::log(-std::log(u));
  }
}

double logistic(BitSource &bits, double loc, double scale) {
  for (;;) {
    double u = bits.nextDouble();
    if (u > 0.0)
      return loc + scale * std::log(u / (1.0 - u));
  }
}

double loggam(double x) {
  static const double a[10] = {8.333333333333333e-02, -2.777777777777778e-03,
                               7.936507936507937e-04, -5.952380952380952e-04,
                               8.417508417508418e-04, -1.917526917526918e-03,
                               6.410256410256410e-03, -2.955065359477124e-02,
                               1.796443723688307e-01, -1.39243221690590e+00};
  if (x == 1.0 || x == 2.0)
    return 0.0;
  int64_t n = x < 7.0 ? int64_t(7 - x) : 0;
  double x0 = x + double(n);
  double x2 = (1.0 / x0) * (1.0 / x0);
  const double lg2pi = 1.8378770664093453e+00;
  double gl0 = a[9];
  for (int k = 8; k >= 0; --k) {
    gl0 *= x2;
    gl0 += a[k];
  }
  double gl = gl0 / x0 + 0.5 * lg2pi + (x0 - 0.5) * std::log(x0) - x0;
  if (x < 7.0)
    for (int64_t k = 1; k <= n; ++k) {
      gl -= std::log(x0 - 1.0);
      x0 -= 1.0;
    }
  return gl;
}

namespace {
int64_t binomialInversion(BitSource &bits, int64_t n, double p, BinomialCache &c, bool legacy) {
  if (!c.has || c.nsave != n || c.psave != p) {
    c.nsave = n;
    c.psave = p;
    c.has = true;
    c.q = 1.0 - p;
    c.r = legacy ? std::exp(double(n) * std::log(c.q)) : std::exp(double(n) * std::log1p(-p));
    c.c = double(n) * p;
    c.m = int64_t(std::min(double(n), c.c + 10.0 * std::sqrt(c.c * c.q + 1)));
  }
  const double q = c.q, qn = c.r;
  const int64_t bound = c.m;
  int64_t x = 0;
  double px = qn, u = bits.nextDouble();
  while (u > px) {
    ++x;
    if (x > bound) {
      x = 0;
      px = qn;
      u = bits.nextDouble();
    } else {
      u -= px;
      px = (double(n - x + 1) * p * px) / (double(x) * q);
    }
  }
  return x;
}

/// The Stirling-series correction term of BTPE's final acceptance test.
double stirlingTerm(double lead, double v, double v2) {
  return (lead - (462. - (132. - (99. - 140. / v2) / v2) / v2) / v2) / v / 166320.;
}

/// Kachitvichyanukul & Schmeiser's BTPE. The legacy variant keeps numpy
/// 1.16's slips (13680 for 13860, all four correction terms added).
int64_t binomialBtpe(BitSource &bits, int64_t n, double p, BinomialCache &c, bool legacy) {
  if (!c.has || c.nsave != n || c.psave != p) {
    c.nsave = n;
    c.psave = p;
    c.has = true;
    c.r = std::min(p, 1.0 - p);
    c.q = 1.0 - c.r;
    c.fm = double(n) * c.r + c.r;
    c.m = int64_t(std::floor(c.fm));
    c.p1 = std::floor(2.195 * std::sqrt(double(n) * c.r * c.q) - 4.6 * c.q) + 0.5;
    c.xm = double(c.m) + 0.5;
    c.xl = c.xm - c.p1;
    c.xr = c.xm + c.p1;
    c.c = 0.134 + 20.5 / (15.3 + double(c.m));
    double a = (c.fm - c.xl) / (c.fm - c.xl * c.r);
    c.laml = a * (1.0 + a / 2.0);
    a = (c.xr - c.fm) / (c.xr * c.q);
    c.lamr = a * (1.0 + a / 2.0);
    c.p2 = c.p1 * (1.0 + 2.0 * c.c);
    c.p3 = c.p2 + c.c / c.laml;
    c.p4 = c.p3 + c.c / c.lamr;
  }
  const double r = c.r, q = c.q, p1 = c.p1, xm = c.xm, xl = c.xl, xr = c.xr, cc = c.c,
               laml = c.laml, lamr = c.lamr, p2 = c.p2, p3 = c.p3, p4 = c.p4;
  const int64_t m = c.m;
  const double nrq = double(n) * r * q;
  int64_t y;
  for (;;) {
    double u = bits.nextDouble() * p4;
    double v = bits.nextDouble();
    if (u <= p1) {
      // The triangular centre: accept at once.
      y = int64_t(std::floor(xm - p1 * v + u));
      break;
    }
    if (u <= p2) {
      // The parallelograms.
      double x = xl + (u - p1) / cc;
      v = v * cc + 1.0 - std::fabs(double(m) - x + 0.5) / p1;
      if (v > 1.0)
        continue;
      y = int64_t(std::floor(x));
    } else if (u <= p3) {
      // The left exponential tail.
      y = int64_t(std::floor(xl + std::log(v) / laml));
      if (y < 0 || v == 0.0)
        continue;
      v = v * (u - p2) * laml;
    } else {
      // The right exponential tail.
      y = int64_t(std::floor(xr - std::log(v) / lamr));
      if (y > n || v == 0.0)
        continue;
      v = v * (u - p3) * lamr;
    }
    int64_t k = std::llabs(y - m);
    if (!(k > 20 && double(k) < nrq / 2.0 - 1)) {
      // Explicit evaluation of f(y)/f(m).
      double s = r / q, a = s * double(n + 1), f = 1.0;
      if (m < y)
        for (int64_t i = m + 1; i <= y; ++i)
          f *= (a / double(i) - s);
      else if (m > y)
        for (int64_t i = y + 1; i <= m; ++i)
          f /= (a / double(i) - s);
      if (v > f)
        continue;
      break;
    }
    // Squeeze with bounds on log f(y), then the Stirling-based test.
    double kd = double(k);
    double rho = (kd / nrq) * ((kd * (kd / 3.0 + 0.625) + 0.16666666666666666) / nrq + 0.5);
    double t = -kd * kd / (2 * nrq);
    double A = std::log(v);
    if (A < t - rho)
      break;
    if (A > t + rho)
      continue;
    double x1 = double(y) + 1, f1 = double(m) + 1, z = double(n) + 1 - double(m),
           w = double(n) - double(y) + 1;
    double x2 = x1 * x1, f2 = f1 * f1, z2 = z * z, w2 = w * w;
    double lead = legacy ? 13680. : 13860.;
    double bound = xm * std::log(f1 / x1) + (double(n - m) + 0.5) * std::log(z / w) +
                   double(y - m) * std::log(w * r / (x1 * q)) + stirlingTerm(lead, f1, f2) +
                   stirlingTerm(lead, z, z2);
    if (legacy)
      bound += stirlingTerm(lead, x1, x2) + stirlingTerm(lead, w, w2);
    else
      bound -= stirlingTerm(lead, x1, x2) + stirlingTerm(lead, w, w2);
    if (A > bound)
      continue;
    break;
  }
  if (p > 0.5)
    y = n - y;
  return y;
}
} // namespace

int64_t binomial(BitSource &bits, double p, int64_t n, BinomialCache &cache, bool legacy) {
  if (!legacy && (n == 0 || p == 0.0))
    return 0;
  if (p <= 0.5)
    return p * double(n) <= 30.0 ? binomialInversion(bits, n, p, cache, legacy)
                                 : binomialBtpe(bits, n, p, cache, legacy);
  double q = 1.0 - p;
  return q * double(n) <= 30.0 ? n - binomialInversion(bits, n, q, cache, legacy)
                               : n - binomialBtpe(bits, n, q, cache, legacy);
}

int64_t poisson(BitSource &bits, double lam) {
  if (lam >= 10) {
    // Hoermann's transformed rejection (PTRS).
    double slam = std::sqrt(lam), loglam = std::log(lam);
    double b = 0.931 + 2.53 * slam;
    double a = -0.059 + 0.02483 * b;
    double invalpha = 1.1239 + 1.1328 / (b - 3.4);
    double vr = 0.9277 - 3.6224 / (b - 2);
    for (;;) {
      double u = bits.nextDouble() - 0.5;
      double v = bits.nextDouble();
      double us = 0.5 - std::fabs(u);
      int64_t k = int64_t(std::floor((2 * a / us + b) * u + lam + 0.43));
      if (us >= 0.07 && v <= vr)
        return k;
      if (k < 0 || (us < 0.013 && v > us))
        continue;
      if (std::log(v) + std::log(invalpha) - std::log(a / (us * us) + b) <=
          -lam + double(k) * loglam - loggam(double(k) + 1))
        return k;
    }
  }
  if (lam == 0)
    return 0;
  // Multiply uniforms until the product drops below e^-lam.
  double enlam = std::exp(-lam), prod = 1.0;
  int64_t x = 0;
  for (;;) {
    prod *= bits.nextDouble();
    if (prod > enlam)
      ++x;
    else
      return x;
  }
}

} // namespace parax::frontend::rng
