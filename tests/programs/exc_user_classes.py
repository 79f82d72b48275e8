# User exception classes: hierarchies, __init__ with super().__init__, extra
# attributes, __str__, class attributes, except matching by base, re-raise.
class TrainingError(Exception):
    code = 1


class DivergedError(TrainingError):
    code = 2

    def __init__(self, step, loss):
        super().__init__(step, loss)
        self.step = step
        self.loss = loss

    def __str__(self):
        return f"loss {self.loss} at step {self.step}"


class StopTraining(TrainingError):
    pass


def train(losses):
    for step, loss in enumerate(losses):
        if loss > 100:
            raise DivergedError(step, loss)
        if loss < 0.01:
            raise StopTraining("converged", step)
    return "done"


for losses in [[1.0, 0.5], [1.0, 500.0], [0.1, 0.001]]:
    try:
        print(train(losses))
    except DivergedError as e:
        print("diverged:", e, e.args, e.step, e.code, type(e).__name__)
    except TrainingError as e:
        print("stopped:", e, e.args, e.code, isinstance(e, StopTraining))

print(issubclass(DivergedError, TrainingError), issubclass(StopTraining, DivergedError),
      issubclass(TrainingError, Exception), DivergedError.code)
try:
    try:
        train([1e9])
    except TrainingError as e:
        raise RuntimeError("wrapped") from e
except RuntimeError as e:
    print(e, "<-", type(e.__cause__).__name__, e.__cause__.loss)
e = StopTraining()
e.note = "kept"
print(repr(e), e.note, str(e) == "")
