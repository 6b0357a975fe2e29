package dev.inflight.translator.resolve;

import static dev.inflight.translator.resolve.Resolver.INIT;
import static dev.inflight.translator.resolve.Resolver.suggest;

import dev.inflight.translator.ast.Decl;
import dev.inflight.translator.ast.Ident;
import dev.inflight.translator.ast.Member;
import dev.inflight.translator.ast.ModelFile;
import dev.inflight.translator.ast.Param;
import dev.inflight.translator.diag.Diagnostics;
import dev.inflight.translator.diag.Span;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Collects the declarations of the model file and, through its includes ({@link IncludeLoader}),
 * of every file it includes into the symbol tables of {@link Program}: one top-level namespace
 * (a model's const sets a library's default), then `override fn` and `extend struct` applied
 * once every file is in ({@link Extensions}).
 */
final class Declarations {
  private final Program program;
  private final Diagnostics diags;
  private final ResolveContext cx;
  /** Top-level names → where declared (one namespace for consts, globals, structs, threads, fns). */
  private final Map<String, Span> topNames;
  private final List<Decl.Cost> costBlocks;
  private final IncludeLoader includes;
  private final Extensions extensions;
  private final ModelFile rootFile;

  Declarations(ResolveContext cx, IncludeLoader includes, ModelFile rootFile) {
    this.cx = cx;
    this.program = cx.program;
    this.diags = cx.diags;
    this.topNames = cx.topNames;
    this.costBlocks = cx.costBlocks;
    this.includes = includes;
    this.rootFile = rootFile;
    this.extensions = new Extensions(program, diags, this::newFn);
  }

  /**
   * Collects the model file's declarations and those of the files it includes; the model file
   * becomes the first of {@link Program#files}.
   */
  void collectModel(Path rootPath) {
    includes.markRead(rootPath, rootFile.source().path());
    collect(rootFile, rootPath);
    program.files.add(0, rootFile);
  }

  /** Applies the `override fn` and `extend struct` declarations collected. */
  void applyExtensions() {
    extensions.apply();
  }

  private void collect(ModelFile file, Path path) {
    for (Decl d : file.decls()) {
      if (d instanceof Decl.Model m) {
        if (program.modelName == null && program.files.isEmpty() && m.name() != null) {
          program.modelName = m.name().text();
          program.modelSpan = m.span();
        }
      } else if (d instanceof Decl.Include inc) {
        IncludeLoader.Loaded loaded = includes.load(inc, path, file.source());
        if (loaded != null) {
          collect(loaded.file(), loaded.path());
        }
      } else if (d instanceof Decl.Const c) {
        if (c.name() != null && libraryDefault(c, file)) {
          continue;
        }
        if (declareTop(c.name(), "constant")) {
          program.consts.put(c.name().text(), new Symbol.ConstSym(c));
        }
      } else if (d instanceof Decl.Struct s) {
        if (declareTop(s.name(), "struct")) {
          StructSym sym = new StructSym(s);
          Map<String, Span> seen = new HashMap<>();
          for (Member m : s.members()) {
            if (m.name() == null) {
              continue;
            }
            Span prev = seen.putIfAbsent(m.name().text(), m.name().span());
            if (prev != null) {
              diags.duplicate(m.name().span(), "field", m.name().text(), prev);
              continue;
            }
            sym.fields().put(m.name().text(), new FieldSym(sym, m));
          }
          program.structs.put(s.name().text(), sym);
        }
      } else if (d instanceof Decl.Global g) {
        if (declareTop(g.member().name(), "global")) {
          if (g.member() instanceof Member.Ref) {
            diags.misplaced(g.span(), "a `ref` counter", "at top level; it belongs in a struct");
          }
          program.globals.put(g.member().name().text(), new Symbol.GlobalSym(g.member()));
        }
      } else if (d instanceof Decl.Thread t) {
        if (declareTop(t.name(), "thread")) {
          program.threads.add(new ThreadSym(t));
        }
      } else if (d instanceof Decl.Init in) {
        if (file != rootFile) {
          diags.secondInit(in.span().file().span(in.span().start(), in.span().start() + "init".length()), null);
        } else if (program.init != null) {
          diags.secondInit(in.span().file().span(in.span().start(), in.span().start() + "init".length()),
              program.init.decl.span().file().span(program.init.decl.span().start(), program.init.decl.span().start() + "init".length()));
        } else {
          program.init = new ThreadSym(new Decl.Thread(new Ident(INIT, in.span()), null, in.body(), false, null, in.span()));
        }
      } else if (d instanceof Decl.Work w) {
        if (declareTop(w.name(), "work item")) {
          program.works.put(w.name().text(), new Symbol.WorkSym(w));
        }
      } else if (d instanceof Decl.Cost c) {
        costBlocks.add(c);
      } else if (d instanceof Decl.Profile pr) {
        if (cx.profileDecl == null) {
          cx.profileDecl = pr;
        }
      } else if (d instanceof Decl.Latency l) {
        if (l.op() != null) {
          program.cost.latencies.add(l);
        }
      } else if (d instanceof Decl.Workload w) {
        program.cost.declaredWorkloads.add(w);  // checked and chosen by WorkloadResolver
      } else if (d instanceof Decl.Fn f) {
        if (f.isOverride()) {
          extensions.override(f); // applied once every file is in (Extensions)
        } else if (f.name() != null && program.fns.containsKey(f.name().text())
            && (file == rootFile) != (program.fns.get(f.name().text()).decl.span().file() == rootFile.source())) {
          // One in the model, one in an included file: the model meant to replace it.
          FnSym other = program.fns.get(f.name().text());
          boolean mine = file == rootFile;
          diags.duplicateLibraryFunction(mine ? f.name().span() : other.decl.name().span(), f.name().text(),
              mine ? other.decl.name().span() : f.name().span());
        } else if (declareTop(f.name(), "function")) {
          program.fns.put(f.name().text(), newFn(f));
        }
      } else if (d instanceof Decl.ExtendStruct e) {
        extensions.extend(e);
      } else if (d instanceof Decl.Unfair u) {
        if (u.name() != null) {
          program.unfair.add(u);
        }
      } else if (d instanceof Decl.Check c) {
        if (c.name() == null) {
          continue;
        }
        if (!Builtins.CHECKS.containsKey(c.name().text())) {
          diags.unknownCheck(c.name().span(), c.name().text(), String.join(", ", Builtins.CHECKS.keySet()),
              suggest(c.name().text(), Builtins.CHECKS.keySet()));
        } else if (program.checkSpans.containsKey(c.name().text())) {
          diags.duplicateCheck(c.span(), c.name().text(), program.checkSpans.get(c.name().text()));
        } else {
          program.checkSpans.put(c.name().text(), c.span());
        }
      } else if (d instanceof Decl.Property p) {
        if (p.name() == null) {
          continue;
        }
        Optional<Decl.Property> dup = program.properties.stream().filter(q -> q.name().text().equals(p.name().text())).findFirst();
        if (dup.isPresent() || Builtins.CHECKS.containsKey(p.name().text())) {
          diags.duplicate(p.name().span(), "property", p.name().text(), dup.map(q -> q.name().span()).orElse(null));
          continue;
        }
        program.properties.add(p);
      }
    }
  }

  /**
   * A library's const is a default the model may set: when the model (the root file) and a
   * library file both declare a const, the model's declaration is the one (whichever comes
   * first). True when {@code c} was settled that way and needs no declaring.
   */
  private boolean libraryDefault(Decl.Const c, ModelFile file) {
    Symbol.ConstSym prev = program.consts.get(c.name().text());
    if (prev == null) {
      return false;
    }
    boolean mine = file == rootFile;
    boolean prevFromRoot = prev.decl.span().file() == rootFile.source();
    if (mine && !prevFromRoot) {
      program.consts.put(c.name().text(), new Symbol.ConstSym(c)); // the model sets the library's default
      return true;
    }
    return !mine && prevFromRoot; // the library's default, already set by the model
  }

  /** A function's symbol, with its parameters declared and its operation registered. */
  private FnSym newFn(Decl.Fn f) {
    FnSym fn = new FnSym(f);
    if (f.operation() != null) {
      program.cost.ops.computeIfAbsent(f.operation(), k -> new ArrayList<>()).add(fn);
    }
    for (Param p : f.params()) {
      if (p.name() == null) {
        continue;
      }
      if (fn.locals().containsKey(p.name().text())) {
        diags.duplicate(p.name().span(), "parameter", p.name().text(), fn.locals().get(p.name().text()).first.span());
        continue;
      }
      Symbol.LocalSym ls = new Symbol.LocalSym(p.name(), fn, true);
      fn.locals().put(p.name().text(), ls);
      fn.params.add(ls);
    }
    return fn;
  }

  private boolean declareTop(Ident name, String what) {
    if (name == null) {
      return false;
    }
    Span prev = topNames.putIfAbsent(name.text(), name.span());
    if (prev != null) {
      diags.duplicate(name.span(), what, name.text(), prev);
      return false;
    }
    return true;
  }
}
