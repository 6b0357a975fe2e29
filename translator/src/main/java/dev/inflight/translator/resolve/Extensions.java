package dev.inflight.translator.resolve;

import dev.inflight.translator.ast.Decl;
import dev.inflight.translator.ast.Member;
import dev.inflight.translator.diag.Diagnostics;
import dev.inflight.translator.diag.SourceFile;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * How a model builds on the library without copying it (docs/kernel-library.md, "Overriding and
 * extending"): `override fn NAME(…)` replaces a function declared in another file — every call,
 * the library's own included, goes to the replacement — and `extend struct NAME bound N { … }`
 * adds fields to a struct declared in another file and may set its pool bound. Both are
 * collected while the files are read and applied once every included file is in, so an
 * override may come before or after the `include` that declares what it replaces. Overrides
 * layer: an override in a file that includes another override's file replaces that one.
 */
final class Extensions {
  private final Program program;
  private final Diagnostics diags;
  private final Function<Decl.Fn, FnSym> newFn;
  private final List<Decl.Fn> overrides = new ArrayList<>();
  private final List<Decl.ExtendStruct> extensions = new ArrayList<>();

  Extensions(Program program, Diagnostics diags, Function<Decl.Fn, FnSym> newFn) {
    this.program = program;
    this.diags = diags;
    this.newFn = newFn;
  }

  void override(Decl.Fn f) {
    if (f.name() != null) {
      overrides.add(f);
    }
  }

  void extend(Decl.ExtendStruct e) {
    if (e.name() != null) {
      extensions.add(e);
    }
  }

  void apply() {
    Map<String, List<Decl.Fn>> byName = new java.util.LinkedHashMap<>();
    for (Decl.Fn f : overrides) {
      byName.computeIfAbsent(f.name().text(), k -> new ArrayList<>()).add(f);
    }
    for (List<Decl.Fn> same : byName.values()) {
      List<Decl.Fn> layers = layers(same);
      if (layers != null) {
        layers.forEach(this::replace); // each replaces the one below it; the top one is called
      }
    }
    Map<String, Decl.ExtendStruct> bounds = new HashMap<>();
    for (Decl.ExtendStruct e : extensions) {
      extendStruct(e, bounds);
    }
  }

  /**
   * Overrides of one function, bottom layer first: an override in a file that includes (directly
   * or not) another override's file replaces that override, as a model replaces a library
   * layer's override of a lower layer. Two overrides neither of whose files includes the
   * other are a duplicate (E0201): null.
   */
  private List<Decl.Fn> layers(List<Decl.Fn> same) {
    List<Decl.Fn> out = new ArrayList<>();
    for (Decl.Fn f : same) {
      int at = 0;
      while (at < out.size() && includes(f.span().file(), out.get(at).span().file())) {
        at++;
      }
      for (int k = 0; k < out.size(); k++) {
        boolean above = k < at;
        Decl.Fn g = out.get(k);
        if (above ? !includes(f.span().file(), g.span().file()) : !includes(g.span().file(), f.span().file())) {
          diags.duplicateOverride(f.name().span(), f.name().text(), g.name().span());
          return null;
        }
      }
      out.add(at, f);
    }
    return out;
  }

  /** Whether {@code a} includes {@code b}, directly or through other files (never itself). */
  private boolean includes(SourceFile a, SourceFile b) {
    if (a == null || b == null || sameFile(a, b)) {
      return false;
    }
    java.util.Set<String> seen = new java.util.HashSet<>();
    java.util.Deque<String> todo = new java.util.ArrayDeque<>(List.of(a.path()));
    while (!todo.isEmpty()) {
      for (String next : program.includes.getOrDefault(todo.pop(), java.util.Set.of())) {
        if (next.equals(b.path())) {
          return true;
        }
        if (seen.add(next)) {
          todo.push(next);
        }
      }
    }
    return false;
  }

  private void replace(Decl.Fn f) {
    String name = f.name().text();
    FnSym original = program.fns.get(name);
    if (original == null) {
      String near = Resolver.suggest(name, program.fns.keySet());
      diags.badExtension(f.name().span(), "`override fn " + name + "` replaces nothing: no function `" + name + "` is declared",
          near != null ? "did you mean `" + near + "`?" : "declare a new function with `fn " + name + "(…)`, without `override`", null);
      return;
    }
    Decl.Fn od = original.decl;
    if (sameFile(od.span().file(), f.span().file())) {
      diags.badExtension(f.name().span(), "`override fn " + name + "` is in the file that declares `" + name + "`",
          "edit `" + name + "` itself; `override` replaces a function of an included file", od.name().span());
      return;
    }
    if (od.params().size() != f.params().size()) {
      diags.badExtension(f.name().span(), "`override fn " + name + "` takes " + count(f.params().size()) + ", but the `" + name
          + "` it replaces takes " + count(od.params().size()), "give it the same parameters as the function it replaces", od.name().span());
      return;
    }
    // The replacement is the same operation as the original unless it says which it is.
    Decl.Fn decl = f.isOp() || !od.isOp() ? f
        : new Decl.Fn(f.name(), f.params(), f.body(), true, od.opName(), true, f.span());
    for (List<FnSym> fns : program.cost.ops.values()) {
      fns.remove(original);
    }
    program.cost.ops.values().removeIf(List::isEmpty);
    program.fns.put(name, newFn.apply(decl));
    program.overridden.put(name, od);
  }

  private void extendStruct(Decl.ExtendStruct e, Map<String, Decl.ExtendStruct> bounds) {
    String name = e.name().text();
    StructSym s = program.structs.get(name);
    if (s == null) {
      diags.unknownStruct(e.name().span(), name, Resolver.suggest(name, program.structs.keySet()));
      return;
    }
    if (sameFile(s.decl().span().file(), e.span().file())) {
      diags.badExtension(e.name().span(), "`extend struct " + name + "` is in the file that declares `" + name + "`",
          "add the fields (or the bound) to the struct's own declaration", s.decl().name().span());
      return;
    }
    if (e.bound() != null) {
      Decl.ExtendStruct prev = bounds.putIfAbsent(name, e);
      if (prev != null) {
        diags.duplicate(e.bound().span(), "pool bound of struct", name, prev.bound().span());
      } else {
        s.setBoundExpr(e.bound());
      }
    }
    for (Member m : e.members()) {
      if (m.name() == null) {
        continue;
      }
      FieldSym prev = s.fields().get(m.name().text());
      if (prev != null) {
        diags.duplicate(m.name().span(), "field", m.name().text(), prev.member.name().span());
        continue;
      }
      s.fields().put(m.name().text(), new FieldSym(s, m));
    }
  }

  private static boolean sameFile(SourceFile a, SourceFile b) {
    return a == b || (a != null && b != null && a.path().equals(b.path()));
  }

  private static String count(int n) {
    return n == 1 ? "1 parameter" : n + " parameters";
  }
}
