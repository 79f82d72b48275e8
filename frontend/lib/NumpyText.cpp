//===- NumpyText.cpp - np.loadtxt, np.genfromtxt, np.savetxt --------------===//
//
// numpy's text files, read and written through the sandbox (a path opens
// only under --allow-read / --allow-write; SandboxedFiles.h), or through a
// file object (open(), io.StringIO) or a list of lines, as numpy accepts.
// The numbers are parsed here and handed to np.array, so the result is
// whatever array numpy builds (its dtype rules, its printing).
//
//===----------------------------------------------------------------------===//
#include "frontend/lib/NumpyText.h"
#include "frontend/lib/LibUtil.h"
#include "frontend/lib/SandboxedFiles.h"
#include "frontend/machine/Builtins.h"
#include "frontend/machine/Evaluator.h"

#include <cmath>
#include <cstdlib>

namespace parax::frontend {

namespace {
/// The text of `source`: a path (through the sandbox), a file object
/// (its read()), or an iterable of lines.
std::string sourceText(Evaluator &ev, const Value &source, const std::string &fn, Loc loc) {
  if (source.isStr())
    return readProgramFile(ev, source.asStr(), fn);
  if (source.kind() == Value::Kind::Native) {
    Value read;
    try {
      read = ev.getAttr(source, "read", loc);
    } catch (ParaxError &) {
    }
    if (!read.isNone()) {
      Value text = ev.call(read, {}, loc);
      if (!text.isStr())
        raise("TypeError", fn + "(): the file's read() must return str");
      return text.asStr();
    }
  }
  std::string text;
  for (const Value &line : ev.iterate(source, loc)) {
    if (!line.isStr())
      raise("TypeError", fn + "(): lines must be str, not " + typeName(line));
    text += line.asStr();
    if (text.empty() || text.back() != '\n')
      text += '\n';
  }
  return text;
}

std::vector<std::string> strList(Evaluator &ev, const Value &v, Loc loc) {
  std::vector<std::string> out;
  if (v.isNone())
    return out;
  if (v.isStr()) {
    out.push_back(v.asStr());
    return out;
  }
  for (const Value &x : ev.iterate(v, loc))
    out.push_back(ev.str(x));
  return out;
}

std::string trim(const std::string &s) {
  size_t b = 0, e = s.size();
  while (b < e && isspace((unsigned char)s[b]))
    ++b;
  while (e > b && isspace((unsigned char)s[e - 1]))
    --e;
  return s.substr(b, e - b);
}

std::vector<std::string> splitFields(const std::string &line, const Value &delimiter) {
  std::vector<std::string> fields;
  if (delimiter.isNone()) {
    size_t i = 0;
    while (i < line.size()) {
      while (i < line.size() && isspace((unsigned char)line[i]))
        ++i;
      size_t j = i;
      while (j < line.size() && !isspace((unsigned char)line[j]))
        ++j;
      if (j > i)
        fields.push_back(line.substr(i, j - i));
      i = j;
    }
    return fields;
  }
  const std::string &d = delimiter.asStr();
  size_t start = 0, pos;
  while ((pos = line.find(d, start)) != std::string::npos) {
    fields.push_back(trim(line.substr(start, pos - start)));
    start = pos + d.size();
  }
  fields.push_back(trim(line.substr(start)));
  return fields;
}

bool intDType(Evaluator &ev, const Value &dtype) {
  if (dtype.isNone())
    return false;
  if (dtype.isDType())
    return isInteger(dtype.asDType());
  std::string s = dtype.isStr() ? dtype.asStr() : ev.repr(dtype);
  return s.find("int") != std::string::npos;
}

struct TextTable {
  std::vector<std::vector<Value>> rows;
  size_t cols = 0;
};

/// Parses the rows of a numeric text file (loadtxt's and genfromtxt's
/// rules: comments, skipped rows, usecols, max_rows; `missing` fills empty
/// fields with NaN instead of failing).
TextTable parseTable(Evaluator &ev, const std::string &text, const Value &delimiter,
                     const std::vector<std::string> &comments, int64_t skiprows,
                     const std::vector<int64_t> &usecols, int64_t maxRows, bool asInt,
                     bool missing, const std::string &fn) {
  TextTable t;
  size_t pos = 0;
  int64_t lineNo = 0;
  bool first = true;
  while (pos < text.size()) {
    size_t nl = text.find('\n', pos);
    std::string line = text.substr(pos, nl == std::string::npos ? std::string::npos : nl - pos);
    pos = nl == std::string::npos ? text.size() : nl + 1;
    if (!line.empty() && line.back() == '\r')
      line.pop_back();
    if (lineNo++ < skiprows)
      continue;
    for (auto &c : comments)
      if (!c.empty()) {
        size_t at = line.find(c);
        if (at != std::string::npos)
          line = line.substr(0, at);
      }
    if (trim(line).empty())
      continue;
    if (maxRows >= 0 && int64_t(t.rows.size()) >= maxRows)
      break;
    std::vector<std::string> fields = splitFields(line, delimiter);
    if (!usecols.empty()) {
      std::vector<std::string> picked;
      for (int64_t c : usecols) {
        int64_t k = c < 0 ? c + int64_t(fields.size()) : c;
        if (k < 0 || k >= int64_t(fields.size()))
          raise("ValueError", "invalid column index " + std::to_string(c) + " at row " +
                                  std::to_string(t.rows.size() + 1) + " with " +
                                  std::to_string(fields.size()) + " columns");
        picked.push_back(fields[size_t(k)]);
      }
      fields = std::move(picked);
    }
    if (first) {
      t.cols = fields.size();
      first = false;
    } else if (fields.size() != t.cols) {
      raise("ValueError", "the number of columns changed from " + std::to_string(t.cols) +
                              " to " + std::to_string(fields.size()) + " at row " +
                              std::to_string(t.rows.size() + 1) +
                              "; use `usecols` to select a subset and avoid this error");
    }
    std::vector<Value> row;
    for (size_t c = 0; c < fields.size(); ++c) {
      const std::string &f = fields[c];
      if (f.empty() && missing) {
        row.push_back(Value::floating(NAN));
        continue;
      }
      char *end = nullptr;
      if (asInt) {
        long long v = std::strtoll(f.c_str(), &end, 10);
        if (!f.empty() && *end == '\0') {
          row.push_back(Value::integer(v));
          continue;
        }
      } else {
        double v = std::strtod(f.c_str(), &end);
        if (!f.empty() && *end == '\0') {
          row.push_back(Value::floating(v));
          continue;
        }
      }
      if (missing) {
        row.push_back(Value::floating(NAN));
        continue;
      }
      raise("ValueError", "could not convert string " + pyStrRepr(f) + " to " +
                              (asInt ? "int64" : "float64") + " at row " +
                              std::to_string(t.rows.size()) + ", column " + std::to_string(c + 1) +
                              ".");
    }
    t.rows.push_back(std::move(row));
    (void)fn;
    (void)ev;
  }
  return t;
}

Value toArray(Evaluator &ev, const TextTable &t, const Value &dtype, int64_t ndmin, bool unpack,
              Loc loc) {
  Value nested;
  size_t r = t.rows.size(), c = t.cols;
  // numpy squeezes mono-dimensional axes, then pads up to ndmin.
  std::vector<Value> flat;
  for (auto &row : t.rows)
    flat.insert(flat.end(), row.begin(), row.end());
  int dims;
  if (r == 0) {
    nested = Value::list({});
    dims = 1;
  } else if (r == 1 && c == 1 && ndmin == 0) {
    nested = flat[0];
    dims = 0;
  } else if (r == 1 || c == 1) {
    nested = Value::list(flat);
    dims = 1;
  } else {
    std::vector<Value> rows;
    for (auto &row : t.rows)
      rows.push_back(Value::list(row));
    nested = Value::list(rows);
    dims = 2;
  }
  if (ndmin >= 1 && dims == 0) {
    nested = Value::list({nested});
    dims = 1;
  }
  if (ndmin >= 2 && dims == 1) {
    // a single row stays a row; a single column becomes a column
    if (c == 1 && r > 1) {
      std::vector<Value> rows;
      for (auto &v : flat)
        rows.push_back(Value::list({v}));
      nested = Value::list(rows);
    } else {
      nested = Value::list({nested});
    }
    dims = 2;
  }
  Value np = ev.importModule("numpy", loc);
  CallArgs a;
  a.args = {nested};
  a.kwargs = {{"dtype", dtype.isNone() ? ev.getAttr(np, "float64", loc) : dtype}};
  a.loc = loc;
  Value arr = ev.call(ev.getAttr(np, "array", loc), a);
  if (unpack && dims == 2)
    arr = ev.getAttr(arr, "T", loc);
  return arr;
}

std::vector<int64_t> indexList(Evaluator &ev, const Value &v, Loc loc) {
  std::vector<int64_t> out;
  if (v.isNone())
    return out;
  if (v.isInt())
    return {v.asInt()};
  for (const Value &x : ev.iterate(v, loc))
    out.push_back(ev.toIndex(x, "usecols"));
  return out;
}
} // namespace

void installNumpyTextIO(Evaluator &, ModuleObject &np) {
  np.def("loadtxt", [](Evaluator &ev, CallArgs &a) {
    bindArgs(a, {"fname", "dtype", "comments", "delimiter", "converters", "skiprows", "usecols",
                 "unpack", "ndmin", "encoding", "max_rows", "quotechar", "like"},
             1, "loadtxt");
    Value dtype = argOr(a, 1, "dtype");
    Value comments = argOr(a, 2, "comments", Value::str("#"));
    Value delimiter = argOr(a, 3, "delimiter");
    if (!argOr(a, 4, "converters").isNone())
      raise("NotImplementedError", "np.loadtxt(converters=...) is not supported by parax");
    std::string text = sourceText(ev, a.args[0], "numpy.loadtxt", a.loc);
    Value maxRows = argOr(a, 10, "max_rows");
    TextTable t = parseTable(ev, text, delimiter, strList(ev, comments, a.loc),
                             ev.toIndex(argOr(a, 5, "skiprows", Value::integer(0)), "skiprows"),
                             indexList(ev, argOr(a, 6, "usecols"), a.loc),
                             maxRows.isNone() ? -1 : ev.toIndex(maxRows, "max_rows"),
                             intDType(ev, dtype), false, "loadtxt");
    if (t.rows.empty())
      ev.options().errSink("UserWarning: loadtxt: input contained no data\n");
    return toArray(ev, t, dtype, ev.toIndex(argOr(a, 8, "ndmin", Value::integer(0)), "ndmin"),
                   ev.truthy(argOr(a, 7, "unpack", Value::boolean(false))), a.loc);
  });
  np.def("genfromtxt", [](Evaluator &ev, CallArgs &a) {
    bindArgs(a, {"fname", "dtype", "comments", "delimiter", "skip_header", "skip_footer",
                 "converters", "missing_values", "filling_values", "usecols", "names",
                 "excludelist", "deletechars", "replace_space", "autostrip", "case_sensitive",
                 "defaultfmt", "unpack", "usemask", "loose", "invalid_raise", "max_rows",
                 "encoding", "ndmin", "like"},
             1, "genfromtxt");
    Value dtype = argOr(a, 1, "dtype");
    if (!argOr(a, 10, "names").isNone() || !argOr(a, 6, "converters").isNone())
      raise("NotImplementedError",
            "np.genfromtxt(names=/converters=) (structured arrays) is not supported by parax");
    std::string text = sourceText(ev, a.args[0], "numpy.genfromtxt", a.loc);
    Value maxRows = argOr(a, 21, "max_rows");
    TextTable t = parseTable(
        ev, text, argOr(a, 3, "delimiter"), strList(ev, argOr(a, 2, "comments", Value::str("#")), a.loc),
        ev.toIndex(argOr(a, 4, "skip_header", Value::integer(0)), "skip_header"),
        indexList(ev, argOr(a, 9, "usecols"), a.loc),
        maxRows.isNone() ? -1 : ev.toIndex(maxRows, "max_rows"), false, true, "genfromtxt");
    int64_t footer = ev.toIndex(argOr(a, 5, "skip_footer", Value::integer(0)), "skip_footer");
    for (int64_t i = 0; i < footer && !t.rows.empty(); ++i)
      t.rows.pop_back();
    Value fill = argOr(a, 8, "filling_values");
    if (!fill.isNone())
      for (auto &row : t.rows)
        for (auto &v : row)
          if (v.isFloat() && std::isnan(v.asFloat()))
            v = fill;
    return toArray(ev, t, dtype, ev.toIndex(argOr(a, 23, "ndmin", Value::integer(0)), "ndmin"),
                   ev.truthy(argOr(a, 17, "unpack", Value::boolean(false))), a.loc);
  });
  np.def("savetxt", [](Evaluator &ev, CallArgs &a) {
    bindArgs(a, {"fname", "X", "fmt", "delimiter", "newline", "header", "footer", "comments",
                 "encoding"},
             2, "savetxt");
    Value fmt = argOr(a, 2, "fmt", Value::str("%.18e"));
    std::string delimiter = ev.str(argOr(a, 3, "delimiter", Value::str(" ")));
    std::string newline = ev.str(argOr(a, 4, "newline", Value::str("\n")));
    std::string header = ev.str(argOr(a, 5, "header", Value::str("")));
    std::string footer = ev.str(argOr(a, 6, "footer", Value::str("")));
    std::string comments = ev.str(argOr(a, 7, "comments", Value::str("# ")));
    Value x = a.args[1];
    Value list = ev.call(ev.getAttr(ev.call(ev.getAttr(ev.importModule("numpy", a.loc), "asarray",
                                                        a.loc),
                                            {x}, a.loc),
                                    "tolist", a.loc),
                         {}, a.loc);
    std::vector<std::vector<Value>> rows;
    if (!list.isList())
      raise("ValueError", "Expected 1D or 2D array, got 0D array instead");
    for (const Value &r : list.elements()) {
      if (r.isList()) {
        for (const Value &v : r.elements())
          if (v.isList())
            raise("ValueError", "Expected 1D or 2D array, got 3D array instead");
        rows.push_back(r.elements());
      } else {
        rows.push_back({r});
      }
    }
    std::string out;
    auto prefixLines = [&](const std::string &text) {
      size_t start = 0;
      for (;;) {
        size_t nl = text.find('\n', start);
        out += comments + text.substr(start, nl == std::string::npos ? std::string::npos
                                                                      : nl - start) +
               newline;
        if (nl == std::string::npos)
          break;
        start = nl + 1;
      }
    };
    if (!header.empty())
      prefixLines(header);
    std::vector<std::string> fmts;
    if (fmt.isStr()) {
      const std::string &f = fmt.asStr();
      size_t specs = 0;
      for (size_t i = 0; i < f.size(); ++i)
        if (f[i] == '%') {
          if (i + 1 < f.size() && f[i + 1] == '%')
            ++i;
          else
            ++specs;
        }
      if (specs > 1) { // one format for the whole row
        for (auto &row : rows)
          out += percentFormat(ev, f, Value::tuple(row)).asStr() + newline;
        fmts.clear();
        rows.clear();
      } else {
        fmts.push_back(f);
      }
    } else {
      for (const Value &f : ev.iterate(fmt, a.loc))
        fmts.push_back(ev.str(f));
    }
    for (auto &row : rows) {
      if (fmts.size() > 1 && fmts.size() != row.size())
        raise("ValueError", "fmt has wrong number of % formats: " + std::to_string(fmts.size()));
      for (size_t i = 0; i < row.size(); ++i) {
        if (i)
          out += delimiter;
        out += percentFormat(ev, fmts.size() > 1 ? fmts[i] : fmts[0], row[i]).asStr();
      }
      out += newline;
    }
    if (!footer.empty())
      prefixLines(footer);
    const Value &target = a.args[0];
    if (target.isStr()) {
      writeProgramFile(ev, target.asStr(), out, "numpy.savetxt");
    } else {
      ev.call(ev.getAttr(target, "write", a.loc), {Value::str(out)}, a.loc);
    }
    return Value::none();
  });
}

} // namespace parax::frontend
