"""Facts computed in code over a record's headline figures, and the sections they answer.

`model.py` holds the typed facts (a leader and its margin, a scaling series, a limit, a change
between dated runs, an attribution, what the sources leave unstated), each with its input
figures, its arithmetic and its citations; `compute.py` computes them; `questions.py` turns
them into sections whose headings are the questions they answer; `wording.py` writes their
sentences. (What the select stage read about the record as a whole is
`select.metadata_model.RecordMetadata`.)
"""
