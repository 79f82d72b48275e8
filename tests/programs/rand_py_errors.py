# covers: random module misuse raises CPython's exception classes and messages (catchable)
import random


def attempt(label, fn):
    try:
        fn()
        print(label, "no error")
    except (ValueError, TypeError, IndexError) as e:
        print(label, type(e).__name__, e)


attempt("randint", lambda: random.randint(5, 1))
attempt("randrange0", lambda: random.randrange(0))
attempt("randrange_empty", lambda: random.randrange(3, 3))
attempt("randrange_step0", lambda: random.randrange(1, 10, 0))
attempt("randrange_stepempty", lambda: random.randrange(10, 1, 2))
attempt("randrange_float", lambda: random.randrange(2.5))
attempt("choice", lambda: random.choice([]))
attempt("seed_list", lambda: random.seed([1, 2]))
attempt("sample_big", lambda: random.sample([1, 2], 3))
attempt("sample_neg", lambda: random.sample([1, 2], -1))
attempt("sample_dict", lambda: random.sample({1: 2}, 1))
attempt("choices_len", lambda: random.choices([1, 2], [1], k=2))
attempt("choices_both", lambda: random.choices([1, 2], [1, 1], cum_weights=[1, 2]))
attempt("choices_zero", lambda: random.choices([1, 2], [0, 0]))
attempt("choices_k", lambda: random.choices([1, 2], 3))
attempt("bits", lambda: random.getrandbits(-1))
attempt("gamma", lambda: random.gammavariate(-1, 1))
attempt("state", lambda: random.setstate((1, (), None)))
attempt("counts", lambda: random.sample(["a", "b"], 1, counts=[1]))
