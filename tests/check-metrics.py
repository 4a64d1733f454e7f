"""check-metrics.py FILE STATUS run|live: a check's metrics as promised.

FILE is what `--check --openmetrics` printed (run) or /metrics of a live
check (live), against a profile that holds lmbench.null_call 100x faster
than it is. The check's families with their label sets (per test: test
and kind; the verdict a state set of six, one of them 1; per kind:
kind), each with HELP and TYPE gauge; null_call slower, beyond the
shift far below 1; the status gauge the exit status STATUS; the run's
own families beside them. Prints one line per problem; exit 1 if any.
"""
import re
import sys

PATH, STATUS, MODE = sys.argv[1], float(sys.argv[2]), sys.argv[3]
TEST = {"test", "kind"}
KIND = {"kind"}
FAMILIES = {
    "benchtop_check_info": {"profile"},
    "benchtop_check_status": set(),
    "benchtop_check_machine_shift_ratio": set(),
    "benchtop_check_judged_beyond_ratio": set(),
    "benchtop_check_tolerance_ratio": set(),
    "benchtop_check_kind_shift_ratio": KIND,
    "benchtop_check_kind_tests": KIND,
    "benchtop_check_kind_moved": KIND,
    "benchtop_check_change_ratio": TEST,
    "benchtop_check_beyond_shift_ratio": TEST,
    "benchtop_check_verdict": TEST | {"verdict"},
    "benchtop_check_weak": TEST,
    "benchtop_check_by_kind": TEST,
}
VERDICTS = {"ok", "slower", "faster", "too_few", "not_comparable", "busy"}
KINDS = {"loop", "memory", "lock", "syscall", "ipc", "network", "process", "file"}
SAMPLE = re.compile(r'^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$')
LABEL = re.compile(r'([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"')
problems = []


def expect(what, ok):
    if not ok:
        problems.append(what)


meta, samples = {}, []
for line in open(PATH, encoding="utf-8"):
    line = line.rstrip("\n")
    if line.startswith("# HELP ") or line.startswith("# TYPE "):
        name, _, text = line[7:].partition(" ")
        meta.setdefault(name, {})[line[2:6]] = text
    elif line and not line.startswith("#"):
        m = SAMPLE.match(line)
        expect(f"unparsed line: {line}", m)
        if m:
            samples.append((m.group(1), dict(LABEL.findall(m.group(2) or "")),
                            float(m.group(3))))

names = {n for n, _, _ in samples}
# A kind's shift is there when the kind has tests the shift is read
# from; under load every test may be one that load moved (busy).
no_kind = all(v == 0 for n, _, v in samples if n == "benchtop_check_kind_tests")
for fam, labels in FAMILIES.items():
    if fam == "benchtop_check_kind_shift_ratio" and no_kind:
        continue
    expect(f"no {fam}", fam in names)
    expect(f"{fam}: help {meta.get(fam)}", meta.get(fam, {}).get("HELP"))
    expect(f"{fam}: type {meta.get(fam)}",
           meta.get(fam, {}).get("TYPE") == "gauge")
own = "benchtop_op_seconds" if MODE == "run" else "benchtop_samples_total"
expect(f"no {own}: the run's families", own in names)

verdicts, kinds, value = {}, {}, {}
for n, labels, v in samples:
    if n not in FAMILIES:
        continue
    expect(f"{n} labels {sorted(labels)}", set(labels) == FAMILIES[n])
    if "kind" in labels:
        expect(f"{n}: kind {labels['kind']}", labels["kind"] in KINDS)
    if "test" in labels:
        kinds.setdefault(labels["test"], set()).add(labels["kind"])
        value[n, labels["test"]] = v
    if n == "benchtop_check_verdict":
        verdicts.setdefault(labels["test"], {})[labels["verdict"]] = v
    if n == "benchtop_check_status":
        expect(f"status {v}, exit status {STATUS}", v == STATUS)
    if n == "benchtop_check_kind_moved":
        expect(f"{labels}: moved {v}", v in (-1, 0, 1))

expect("no verdicts", verdicts)
for test, states in verdicts.items():
    expect(f"{test}: states {states}",
           set(states) == VERDICTS and sorted(states.values()) == [0] * 5 + [1])
for test, ks in kinds.items():
    expect(f"{test}: kinds {ks}", len(ks) == 1)
expect(f"null_call: {verdicts.get('lmbench.null_call')}",
       verdicts.get("lmbench.null_call", {}).get("slower") == 1)
beyond = value.get(("benchtop_check_beyond_shift_ratio", "lmbench.null_call"))
expect(f"null_call beyond the shift: {beyond}", beyond and beyond < 0.1)

for p in problems:
    print(p)
sys.exit(1 if problems else 0)
