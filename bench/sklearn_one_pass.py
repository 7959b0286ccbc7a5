"""The one-pass route a data scientist has in scikit-learn, for the bench's string-column rows
(bench/strings.mjs): pandas reads the headerless CSV in chunks of 10,000 rows, the numbers are
z-scored by StandardScaler.partial_fit, every string cell becomes "column=value" hashed by
FeatureHasher into 2^18 features, and SGDClassifier(loss="log_loss").partial_fit learns each
chunk after predicting it (progressive validation by chunks, from the second chunk on).

    /usr/bin/python3 bench/sklearn_one_pass.py FILE POSITIVE   prints {"rows":..,"accuracy":..}
"""

import json
import sys

import numpy as np
import pandas as pd
import scipy.sparse as sp
from sklearn.feature_extraction import FeatureHasher
from sklearn.linear_model import SGDClassifier
from sklearn.preprocessing import StandardScaler


def main(path, positive):
    model = SGDClassifier(loss="log_loss")
    scaler = StandardScaler()
    hasher = FeatureHasher(n_features=2**18, input_type="string")
    rows = predicted = mistakes = 0
    for chunk in pd.read_csv(path, header=None, chunksize=10000, skipinitialspace=True):
        y = (chunk.iloc[:, -1].astype(str).str.strip() == positive).to_numpy()
        cells = chunk.iloc[:, :-1]
        numbers = cells.select_dtypes("number")
        strings = cells.select_dtypes(exclude="number").astype(str)
        scaler.partial_fit(numbers)
        named = [
            [f"{c}={v}" for c, v in zip(strings.columns, row)]
            for row in strings.itertuples(index=False)
        ]
        x = sp.hstack([sp.csr_matrix(scaler.transform(numbers)), hasher.transform(named)]).tocsr()
        if rows:  # the first chunk has no model yet to predict it
            mistakes += int(np.sum(model.predict(x) != y))
            predicted += len(y)
        model.partial_fit(x, y, classes=[False, True])
        rows += len(y)
    accuracy = 1 - mistakes / predicted if predicted else None
    print(json.dumps({"rows": rows, "accuracy": accuracy}))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
