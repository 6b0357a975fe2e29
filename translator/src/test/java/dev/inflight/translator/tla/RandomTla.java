package dev.inflight.translator.tla;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

import dev.inflight.translator.tla.TlaExpr.*;

/**
 * Test-only generator of random, SANY-valid expression trees, driven by a seed (the jqwik
 * properties pass the seed, so a failure names it).
 *
 * <p>Valid means: every name is declared by {@link #PRELUDE} or bound in scope, bound and LET
 * names are fresh, {@code @} only occurs in EXCEPT values, and TLA+ level rules hold: primes only
 * on prime-free state expressions, temporal operators only in {@link #temporal}.
 */
final class RandomTla {

    /** Module text that declares everything generated expressions refer to. */
    static final String PRELUDE = String.join("\n",
            "EXTENDS Integers, Sequences, FiniteSets, TLC",
            "CONSTANTS a, b, c, S, f",
            "VARIABLES x, y",
            "Op(p, q) == p",
            "Op0 == 1");

    private static final String[] CONSTS = {"a", "b", "c", "S", "f", "x", "y"};
    private static final String[] STRINGS = {"", "free", "q\"t", "back\\slash", "line\nnext", "tab\there"};
    private static final BinOp[] VALUE_OPS = {
        BinOp.IMPLIES, BinOp.EQUIV, BinOp.AND, BinOp.OR, BinOp.EQ, BinOp.NEQ, BinOp.LT, BinOp.GT,
        BinOp.LEQ, BinOp.GEQ, BinOp.IN, BinOp.NOTIN, BinOp.SUBSETEQ, BinOp.FUN_MERGE, BinOp.MAPS_TO,
        BinOp.CUP, BinOp.CAP, BinOp.SETMINUS, BinOp.RANGE, BinOp.PLUS, BinOp.MOD, BinOp.MINUS,
        BinOp.TIMES, BinOp.MUL, BinOp.DIV, BinOp.CONCAT, BinOp.POW};
    private static final UnOp[] VALUE_PREFIX = {UnOp.NOT, UnOp.NEG, UnOp.SUBSET, UnOp.UNION, UnOp.DOMAIN};

    private final Random random;
    private int fresh;

    RandomTla(long seed) {
        this.random = new Random(seed);
    }

    /** A state-level expression (no primes, no temporal operators). */
    TlaExpr value(int depth) {
        return gen(depth, false, new ArrayList<>(), false);
    }

    /** An action-level expression (primes, UNCHANGED, ENABLED allowed). */
    TlaExpr action(int depth) {
        return gen(depth, true, new ArrayList<>(), false);
    }

    /** A temporal formula built from state predicates and actions. */
    TlaExpr temporal(int depth) {
        if (depth <= 0) {
            switch (random.nextInt(4)) {
                case 0:
                    return new Prefix(UnOp.ALWAYS, value(2));
                case 1:
                    return new Prefix(UnOp.EVENTUALLY, value(2));
                case 2:
                    return new Prefix(UnOp.ALWAYS, new ActionBox(action(2), pick(
                            new Name("x"), Tla.tuple(new Name("x"), new Name("y")))));
                default:
                    return new Fairness(random.nextBoolean(), new Name("y"), action(2));
            }
        }
        switch (random.nextInt(8)) {
            case 0:
                return new Prefix(UnOp.NOT, temporal(depth - 1));
            case 1:
                return new Prefix(pick(UnOp.ALWAYS, UnOp.EVENTUALLY), temporal(depth - 1));
            case 2:
                return new Infix(pick(BinOp.IMPLIES, BinOp.EQUIV, BinOp.LEADS_TO, BinOp.AND, BinOp.OR),
                        temporal(depth - 1), temporal(depth - 1));
            case 3:
                return new And(list(random.nextInt(4), () -> temporal(depth - 1)));
            case 4:
                return new Or(list(random.nextInt(4), () -> temporal(depth - 1)));
            case 5:
                return new Sourced(temporal(depth - 1), "t" + fresh++);
            default:
                return temporal(0);
        }
    }

    private TlaExpr gen(int depth, boolean action, List<String> env, boolean inExcept) {
        if (depth <= 0 || random.nextInt(10) == 0) {
            return leaf(env, inExcept);
        }
        int d = depth - 1;
        int choice = random.nextInt(action ? 33 : 30);
        switch (choice) {
            case 0:
            case 1:
            case 2:
            case 3:
                return new Infix(pick(VALUE_OPS), gen(d, action, env, inExcept), gen(d, action, env, inExcept));
            case 4:
            case 5:
                return new Prefix(pick(VALUE_PREFIX), gen(d, action, env, inExcept));
            case 6:
            case 7:
                return new And(list(random.nextInt(5), () -> gen(d, action, env, inExcept)));
            case 8:
            case 9:
                return new Or(list(random.nextInt(5), () -> gen(d, action, env, inExcept)));
            case 10:
                return new Apply("Op", List.of(gen(d, action, env, inExcept), gen(d, action, env, inExcept)));
            case 11:
                return new FunApp(gen(d, action, env, inExcept),
                        list(1 + random.nextInt(2), () -> gen(d, action, env, inExcept)));
            case 12: {
                List<Update> ups = list(1 + random.nextInt(2), () -> new Update(
                        list(1 + random.nextInt(2), () -> random.nextBoolean()
                                ? (PathElem) new Index(gen(d, action, env, inExcept))
                                : new Field(pick("st", "rc", "next"))),
                        gen(d, action, env, true)));
                return new Except(gen(d, action, env, inExcept), ups);
            }
            case 13:
                return new TlaExpr.Record(fields(d, action, env, inExcept));
            case 14:
                return new RecordSet(fields(d, action, env, inExcept));
            case 15:
                return new Select(gen(d, action, env, inExcept), pick("st", "rc", "next"));
            case 16: {
                List<Bound> bs = bounds(1 + random.nextInt(2), d, action, env, inExcept, true);
                return new FunCons(bs, gen(d, action, scope(env, bs), inExcept));
            }
            case 17:
                return new FunSet(gen(d, action, env, inExcept), gen(d, action, env, inExcept));
            case 18:
                return new SetOf(list(random.nextInt(4), () -> gen(d, action, env, inExcept)));
            case 19: {
                List<Bound> bs = bounds(1, d, action, env, inExcept, true);
                return new SetFilter(bs.get(0), gen(d, action, scope(env, bs), inExcept));
            }
            case 20: {
                List<Bound> bs = bounds(1 + random.nextInt(2), d, action, env, inExcept, true);
                return new SetMap(gen(d, action, scope(env, bs), inExcept), bs);
            }
            case 21:
                return new Tuple(list(random.nextInt(4), () -> gen(d, action, env, inExcept)));
            case 22: {
                List<Bound> bs = bounds(1 + random.nextInt(2), d, action, env, inExcept, random.nextInt(4) != 0);
                return new Quant(pick(Quantifier.FORALL, Quantifier.EXISTS), bs,
                        gen(d, action, scope(env, bs), inExcept));
            }
            case 23: {
                List<Bound> bs = bounds(1, d, action, env, inExcept, random.nextInt(4) != 0);
                return new Choose(bs.get(0), gen(d, action, scope(env, bs), inExcept));
            }
            case 24:
                return new If(gen(d, action, env, inExcept), gen(d, action, env, inExcept),
                        gen(d, action, env, inExcept));
            case 25: {
                List<Arm> arms = list(1 + random.nextInt(3),
                        () -> new Arm(gen(d, action, env, inExcept), gen(d, action, env, inExcept)));
                return new Case(arms, random.nextBoolean() ? gen(d, action, env, inExcept) : null);
            }
            case 26: {
                List<TlaModule.OpDef> defs = new ArrayList<>();
                List<String> inner = new ArrayList<>(env);
                int n = 1 + random.nextInt(2);
                for (int i = 0; i < n; i++) {
                    String name = "D" + fresh++;
                    List<String> params = random.nextBoolean() ? List.of() : List.of("p" + fresh++);
                    List<String> bodyEnv = new ArrayList<>(inner);
                    bodyEnv.addAll(params);
                    defs.add(new TlaModule.OpDef(name, params, gen(d, action, bodyEnv, inExcept),
                            random.nextInt(4) == 0 ? List.of("c" + fresh) : List.of(), null));
                    if (params.isEmpty() && !action) { // an action-level name must not end up primed
                        inner.add(name);
                    }
                }
                return new Let(defs, gen(d, action, inner, inExcept));
            }
            case 27:
            case 28:
                return new Sourced(gen(d, action, env, inExcept), "s" + fresh++);
            case 29:
                return new Num(-random.nextInt(100));
            case 30:
                return new Primed(gen(d, false, env, false)); // @' can break level rules
            case 31:
                return new Prefix(UnOp.UNCHANGED, gen(d, false, env, false));
            default:
                return new Prefix(UnOp.ENABLED, gen(d, true, env, false));
        }
    }

    private TlaExpr leaf(List<String> env, boolean inExcept) {
        int choice = random.nextInt(inExcept ? 9 : 8);
        switch (choice) {
            case 0:
            case 1:
                return new Name(env.isEmpty() || random.nextBoolean() ? pick(CONSTS) : env.get(random.nextInt(env.size())));
            case 2:
                return new Num(random.nextInt(7) - 2);
            case 3:
                return new Str(pick(STRINGS));
            case 4:
                return new Bool(random.nextBoolean());
            case 5:
                return new Apply("Op0", List.of());
            case 6:
                return new Name("BOOLEAN");
            case 7:
                return new Name(pick(CONSTS));
            default:
                return new At();
        }
    }

    private List<Map.Entry<String, TlaExpr>> fields(int d, boolean action, List<String> env, boolean inExcept) {
        List<Map.Entry<String, TlaExpr>> fs = new ArrayList<>();
        String[] names = {"st", "rc", "next"};
        int n = 1 + random.nextInt(3);
        for (int i = 0; i < n; i++) {
            fs.add(Map.entry(names[i], gen(d, action, env, inExcept)));
        }
        return fs;
    }

    private List<Bound> bounds(int n, int d, boolean action, List<String> env, boolean inExcept, boolean withSets) {
        List<Bound> bs = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            bs.add(new Bound("v" + fresh++, withSets ? gen(d, action, env, inExcept) : null));
        }
        return bs;
    }

    private static List<String> scope(List<String> env, List<Bound> bs) {
        List<String> inner = new ArrayList<>(env);
        bs.forEach(b -> inner.add(b.var()));
        return inner;
    }

    private <T> List<T> list(int n, java.util.function.Supplier<T> gen) {
        List<T> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            out.add(gen.get());
        }
        return out;
    }

    @SafeVarargs
    private <T> T pick(T... options) {
        return options[random.nextInt(options.length)];
    }
}
