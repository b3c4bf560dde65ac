"""Which task a free worker of `mtgkb check` takes next (mtgkb.parallel's pool).

A file's rulings share what a worker derives for them (their cards' meaning, the answers of
identical solves), so they mostly go to one worker: a worker goes on with the file it is on,
else starts a file no other worker is on, else helps with the file that has the most rulings
left, from its end.  Answers are put back in task order, so the output does not depend on
this order."""

from __future__ import annotations


def _file_of(task: tuple):
    """The file a task reads (its rulings' tasks share what a worker derived for it), or None."""
    return task[1] if task and task[0] in ("file", "block", "cited") else None


def next_task(todo: list[int], tasks: list[tuple], w, workers: list) -> int:
    """The task a free worker `w` (its `file` and `from_end` are kept here) takes among `todo` (the
    indices of the tasks not handed out, in order): the next one of the file it is on (from the
    end when it came to help with it); else the first one of a file no other worker is on; else
    the last one of the file with the most tasks left."""
    others = {v.file for v in workers if v is not w and v.task is not None}
    if w.file is not None:
        mine = [i for i in todo if _file_of(tasks[i]) == w.file]
        if mine:
            return mine[-1] if w.from_end and w.file in others else mine[0]
    left: dict = {}
    for i in todo:
        f = _file_of(tasks[i])
        if f is None or f not in others:
            w.file, w.from_end = f, False
            return i
        left.setdefault(f, []).append(i)
    f = max(left, key=lambda k: (len(left[k]), -left[k][0]))
    w.file, w.from_end = f, True
    return left[f][-1]
