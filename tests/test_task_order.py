"""The order in which `mtgkb check`'s workers take rulings (mtgkb/task_order.py): a file's rulings
go to one worker while others have their own files; a worker with nothing of its own left helps
with the file that has the most rulings left, from its end; every task is taken once."""

from __future__ import annotations

from mtgkb.task_order import next_task


class _Worker:
    def __init__(self) -> None:
        self.file = None
        self.from_end = False
        self.task = None


def _order(tasks, n_workers=2):
    workers = [_Worker() for _ in range(n_workers)]
    todo = list(range(len(tasks)))
    taken = []
    while todo:
        for k, w in enumerate(workers):
            if todo:
                i = next_task(todo, tasks, w, workers)
                todo.remove(i)
                w.task = i
                taken.append((k, i))
    return taken


def _block(path, n):
    return ("block", path, path, n, 10.0)


def test_a_file_stays_with_its_worker_and_the_largest_file_left_is_shared_from_its_end():
    tasks = [_block("a.mtg", n) for n in range(5)] + [_block("b.mtg", n) for n in range(3)]
    taken = _order(tasks)
    assert sorted(i for _, i in taken) == list(range(len(tasks)))        # each task once
    first = [i for k, i in taken if k == 0]
    second = [i for k, i in taken if k == 1]
    assert first == [0, 1, 2, 3]                # a.mtg from its start
    assert second == [5, 6, 7, 4]               # b.mtg, then a.mtg's last ruling


def test_one_worker_takes_the_tasks_in_order():
    tasks = [_block("a.mtg", 0), _block("b.mtg", 0), _block("a.mtg", 1), ("call", "show", {}, 1.0)]
    assert [i for _, i in _order(tasks, 1)] == [0, 2, 1, 3]
